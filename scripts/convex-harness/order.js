// Convex's order of values, as indexes and `.order()` sort them.
// Across types, then within each.
const typeRank = (value) => {
  if (value === undefined) return 0;
  if (value === null) return 1;
  if (typeof value === "bigint") return 2;
  if (typeof value === "number") return 3;
  if (typeof value === "boolean") return 4;
  if (typeof value === "string") return 5;
  if (value instanceof ArrayBuffer) return 6;
  if (Array.isArray(value)) return 7;
  return 8;
};

export function compareValues(a, b) {
  const rankA = typeRank(a), rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (rankA <= 1) return 0;
  if (rankA === 7) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const order = compareValues(a[i], b[i]);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  if (rankA === 8) {
    const keysA = Object.keys(a).sort(), keysB = Object.keys(b).sort();
    const order = compareValues(keysA, keysB);
    if (order !== 0) return order;
    for (const key of keysA) {
      const inner = compareValues(a[key], b[key]);
      if (inner !== 0) return inner;
    }
    return 0;
  }
  if (rankA === 4) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
