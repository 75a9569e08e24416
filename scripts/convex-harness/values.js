// A stand-in for the `convex/values` module, written for running convex/ here (where npm's
// registry, and so the real package, cannot be reached). It follows Convex's documented
// validator semantics: objects refuse fields they do not declare, optional fields may be
// missing, ids belong to one table, numbers are float64, and `undefined` is never a value.

/** Thrown by functions to fail with structured data the caller receives intact. */
export class ConvexError extends Error {
  constructor(data) {
    super(typeof data === "string" ? data : JSON.stringify(data));
    this.name = "ConvexError";
    this.data = data;
  }
}

const show = (value) => {
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** A validator: `check` returns null when `value` fits, else why not (naming `path`). */
function validator(kind, check, extra = {}) {
  return { kind, isOptional: "required", check, ...extra };
}

const isPlainObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);

/** The table an id of this harness belongs to (ids read `<table>|<number>`), or null. */
export function tableOfId(value) {
  if (typeof value !== "string") return null;
  const bar = value.indexOf("|");
  if (bar <= 0 || !/^[0-9]+$/.test(value.slice(bar + 1))) return null;
  return value.slice(0, bar);
}

export const v = {
  string: () => validator("string", (value, path) => (typeof value === "string" ? null : `${path}: expected a string, got ${show(value)}`)),
  number: () => validator("float64", (value, path) => (typeof value === "number" ? null : `${path}: expected a number, got ${show(value)}`)),
  float64: () => v.number(),
  int64: () => validator("int64", (value, path) => (typeof value === "bigint" ? null : `${path}: expected an int64 (bigint), got ${show(value)}`)),
  boolean: () => validator("boolean", (value, path) => (typeof value === "boolean" ? null : `${path}: expected a boolean, got ${show(value)}`)),
  null: () => validator("null", (value, path) => (value === null ? null : `${path}: expected null, got ${show(value)}`)),
  bytes: () => validator("bytes", (value, path) => (value instanceof ArrayBuffer ? null : `${path}: expected bytes, got ${show(value)}`)),
  any: () => validator("any", () => null),
  id: (table) =>
    validator("id", (value, path) => (tableOfId(value) === table ? null : `${path}: expected an id of table "${table}", got ${show(value)}`), { tableName: table }),
  literal: (literal) =>
    validator("literal", (value, path) => (value === literal ? null : `${path}: expected ${show(literal)}, got ${show(value)}`), { value: literal }),
  optional: (inner) => ({ ...inner, isOptional: "optional" }),
  array: (element) =>
    validator("array", (value, path) => {
      if (!Array.isArray(value)) return `${path}: expected an array, got ${show(value)}`;
      for (let index = 0; index < value.length; index++) {
        const problem = element.check(value[index], `${path}[${index}]`);
        if (problem) return problem;
      }
      return null;
    }, { element }),
  record: (keys, values) =>
    validator("record", (value, path) => {
      if (!isPlainObject(value)) return `${path}: expected an object, got ${show(value)}`;
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue;
        const problem = keys.check(key, `${path} key`) ?? values.check(item, `${path}.${key}`);
        if (problem) return problem;
      }
      return null;
    }, { key: keys, value: values }),
  object: (fields) =>
    validator("object", (value, path) => {
      if (!isPlainObject(value)) return `${path || "value"}: expected an object, got ${show(value)}`;
      const where = path === "" ? "" : `${path}: `;
      for (const key of Object.keys(value)) {
        if (value[key] !== undefined && !(key in fields)) return `${where}object contains extra field \`${key}\` that is not in the validator`;
      }
      for (const [key, field] of Object.entries(fields)) {
        const item = value[key];
        if (item === undefined) {
          if (field.isOptional !== "optional") return `${where}object is missing the required field \`${key}\``;
          continue;
        }
        const problem = field.check(item, path === "" ? key : `${path}.${key}`);
        if (problem) return problem;
      }
      return null;
    }, { fields }),
  union: (...members) =>
    validator("union", (value, path) => {
      const problems = members.map((member) => member.check(value, path));
      return problems.some((problem) => problem === null) ? null : `${path}: ${show(value)} matches none of the union's members (${problems[0]})`;
    }, { members }),
};

/** `args` as functions declare it: an object of validators, or one validator. */
export function asValidator(args) {
  if (args === undefined) return undefined;
  return typeof args.check === "function" ? args : v.object(args);
}

/** Convex values cross every function boundary as JSON-like data: fields set to undefined vanish. */
export function stripUndefined(value) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === undefined) throw new Error(`undefined is not a valid Convex value (array element ${index})`);
    });
    return value.map(stripUndefined);
  }
  if (isPlainObject(value)) {
    const out = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = stripUndefined(item);
    return out;
  }
  return value;
}
