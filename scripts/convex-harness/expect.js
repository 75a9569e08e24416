// The assertions the Convex tests use, with vitest's meaning (see values.js for why this is
// not the real package): equality that ignores fields set to undefined, subset matching, and
// `.not`, `.resolves` and `.rejects`.

export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = "AssertionError";
  }
}

const show = (value) => {
  if (value instanceof Error) return `${value.name}: ${value.message}${"data" in value ? ` ${show(value.data)}` : ""}`;
  if (value === undefined) return "undefined";
  try {
    const text = JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? `${item}n` : item));
    return text.length > 600 ? `${text.slice(0, 600)}…` : text;
  } catch {
    return String(value);
  }
};

const isObject = (value) => typeof value === "object" && value !== null;

/** A matcher standing for any value it accepts (`expect.objectContaining(...)` and the like). */
class Asymmetric {
  constructor(description, accepts) {
    this.description = description;
    this.accepts = accepts;
  }

  toJSON() {
    return this.description;
  }
}

/** Deep equality; an object's fields set to undefined count as absent (as in vitest's toEqual). */
export function equals(a, b) {
  if (b instanceof Asymmetric) return b.accepts(a);
  if (Object.is(a, b)) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((item, index) => equals(item, b[index]));
  const keys = (object) => Object.keys(object).filter((key) => object[key] !== undefined);
  const keysA = keys(a), keysB = keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && equals(a[key], b[key]));
}

/** Whether `actual` has every field of `expected` (recursively; arrays element by element). */
export function matches(actual, expected) {
  if (expected instanceof Asymmetric) return expected.accepts(actual);
  if (!isObject(expected)) return equals(actual, expected);
  if (!isObject(actual)) return false;
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => matches(actual[index], item));
  }
  return Object.keys(expected).every((key) => matches(actual[key], expected[key]));
}

function matchers(actual, negated, label) {
  const check = (pass, message) => {
    if (pass === negated) throw new AssertionError(`${label}${negated ? "not " : ""}${message}`);
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), `expected ${show(actual)} to be ${show(expected)}`),
    toEqual: (expected) => check(equals(actual, expected), `expected ${show(actual)} to equal ${show(expected)}`),
    toStrictEqual: (expected) => check(equals(actual, expected), `expected ${show(actual)} to equal ${show(expected)}`),
    toMatchObject: (expected) => check(matches(actual, expected), `expected ${show(actual)} to match ${show(expected)}`),
    toHaveLength: (length) => check(actual?.length === length, `expected length ${length}, got ${actual?.length} (${show(actual)})`),
    toBeNull: () => check(actual === null, `expected ${show(actual)} to be null`),
    toBeUndefined: () => check(actual === undefined, `expected ${show(actual)} to be undefined`),
    toBeDefined: () => check(actual !== undefined, `expected a value, got undefined`),
    toBeTruthy: () => check(Boolean(actual), `expected ${show(actual)} to be truthy`),
    toBeFalsy: () => check(!actual, `expected ${show(actual)} to be falsy`),
    toBeGreaterThan: (bound) => check(actual > bound, `expected ${show(actual)} to be greater than ${show(bound)}`),
    toBeGreaterThanOrEqual: (bound) => check(actual >= bound, `expected ${show(actual)} to be at least ${show(bound)}`),
    toBeLessThan: (bound) => check(actual < bound, `expected ${show(actual)} to be less than ${show(bound)}`),
    toBeLessThanOrEqual: (bound) => check(actual <= bound, `expected ${show(actual)} to be at most ${show(bound)}`),
    toContain: (item) => check(
      typeof actual === "string" ? actual.includes(item) : Array.isArray(actual) && actual.some((element) => Object.is(element, item)),
      `expected ${show(actual)} to contain ${show(item)}`,
    ),
    toBeInstanceOf: (type) => check(actual instanceof type, `expected ${show(actual)} to be an instance of ${type?.name}`),
    toMatch: (pattern) => check(
      typeof actual === "string" && (typeof pattern === "string" ? actual.includes(pattern) : pattern.test(actual)),
      `expected ${show(actual)} to match ${String(pattern)}`,
    ),
    toContainEqual: (item) => check(Array.isArray(actual) && actual.some((element) => equals(element, item)), `expected ${show(actual)} to contain ${show(item)}`),
    toThrow: (expected) => {
      let thrown;
      try {
        actual();
      } catch (error) {
        thrown = error;
      }
      const pass = thrown !== undefined && (expected === undefined || String(thrown?.message ?? thrown).includes(expected));
      check(pass, `expected a throw${expected === undefined ? "" : ` containing ${show(expected)}`}, got ${show(thrown)}`);
    },
  };
}

function settled(promise, rejects, negated) {
  const outcome = (async () => {
    try {
      const value = await promise;
      if (rejects) throw new AssertionError(`expected a rejection, but it resolved to ${show(value)}`);
      return value;
    } catch (error) {
      if (!rejects || error instanceof AssertionError) throw error;
      return error;
    }
  })();
  const base = matchers(undefined, negated, "");
  return Object.fromEntries(
    Object.keys(base).map((name) => [name, async (...args) => matchers(await outcome, negated, rejects ? "rejection: " : "resolved value: ")[name](...args)]),
  );
}

export function expect(actual) {
  return {
    ...matchers(actual, false, ""),
    not: matchers(actual, true, ""),
    get resolves() {
      return { ...settled(actual, false, false), not: settled(actual, false, true) };
    },
    get rejects() {
      return { ...settled(actual, true, false), not: settled(actual, true, true) };
    },
  };
}

expect.objectContaining = (expected) => new Asymmetric(`objectContaining(${show(expected)})`, (actual) => isObject(actual) && matches(actual, expected));
expect.arrayContaining = (expected) =>
  new Asymmetric(`arrayContaining(${show(expected)})`, (actual) => Array.isArray(actual) && expected.every((item) => actual.some((element) => equals(element, item))));
expect.stringContaining = (expected) => new Asymmetric(`stringContaining(${show(expected)})`, (actual) => typeof actual === "string" && actual.includes(expected));
expect.any = (type) =>
  new Asymmetric(`any(${type?.name})`, (actual) =>
    actual !== null && actual !== undefined && (Object(actual) instanceof type || (type === Number && typeof actual === "number") || (type === String && typeof actual === "string")));
expect.anything = () => new Asymmetric("anything()", (actual) => actual !== null && actual !== undefined);
