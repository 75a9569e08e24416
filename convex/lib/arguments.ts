// A public function's arguments, checked by the project's own code rather than by Convex's.
//
// Convex's argument validator quotes the whole value it refuses and carries no error code: a
// 100,000-character string sent where a number belongs came back in a 100,050-character
// message. So every public function declares `args: anyArgs` and reads its arguments with
// `readArgs`, against the same validators (lib/validators.ts) Convex would have applied, by the
// same rules (objects take no undeclared field, optional fields may be missing, numbers are
// float64), refusing with INVALID_ARGUMENT and a message that quotes at most a few characters.
// Internal functions, whose arguments come from this code, keep Convex's validator.
import { v, type GenericValidator, type ObjectType, type PropertyValidators } from "convex/values";
import { fail, quoted } from "./errors";

/** What a public function declares as its `args`: anything, read by `readArgs` in its handler. */
export const anyArgs = v.any();

/** `raw` as the arguments `fields` describe, or INVALID_ARGUMENT naming the first field that does not fit. */
export function readArgs<Fields extends PropertyValidators>(fields: Fields, raw: unknown): ObjectType<Fields> {
  const args = raw ?? {};
  const problem = objectProblem(fields, args, "");
  if (problem !== null) fail("INVALID_ARGUMENT", problem);
  return args as ObjectType<Fields>;
}

/** A short description of `value` that never quotes more than 40 characters of it. */
export function described(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${quoted(value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "bigint") return "an int64";
  if (typeof value === "boolean") return `${value}`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value instanceof ArrayBuffer) return "bytes";
  if (typeof value === "object") return "an object";
  return typeof value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);

const at = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

/** Why `value` is not an object of `fields`, or null. */
function objectProblem(fields: PropertyValidators, value: unknown, path: string): string | null {
  if (!isPlainObject(value)) return `${path || "arguments"}: expected an object, got ${described(value)}`;
  for (const key of Object.keys(value)) {
    if (value[key] !== undefined && !Object.prototype.hasOwnProperty.call(fields, key)) {
      return `${path || "arguments"}: ${quoted(key)} is not an argument this function takes`;
    }
  }
  for (const [key, field] of Object.entries(fields)) {
    const item = value[key];
    if (item === undefined) {
      if (field.isOptional !== "optional") return `${at(path, key)} is required`;
      continue;
    }
    const problem = valueProblem(field, item, at(path, key));
    if (problem !== null) return problem;
  }
  return null;
}

/** Why `value` does not fit `validator`, or null. */
function valueProblem(validator: GenericValidator, value: unknown, path: string): string | null {
  const expected = (what: string) => `${path}: expected ${what}, got ${described(value)}`;
  switch (validator.kind) {
    case "any":
      return null;
    case "string":
      return typeof value === "string" ? null : expected("a string");
    case "id":
      // An id's table is checked where it is used (ctx.db.normalizeId); here, only its type.
      return typeof value === "string" ? null : expected("an id");
    case "float64":
      return typeof value === "number" ? null : expected("a number");
    case "int64":
      return typeof value === "bigint" ? null : expected("an int64");
    case "boolean":
      return typeof value === "boolean" ? null : expected("true or false");
    case "null":
      return value === null ? null : expected("null");
    case "bytes":
      return value instanceof ArrayBuffer ? null : expected("bytes");
    case "literal":
      return value === validator.value ? null : expected(JSON.stringify(validator.value));
    case "array": {
      if (!Array.isArray(value)) return expected("a list");
      for (let index = 0; index < value.length; index++) {
        const problem = valueProblem(validator.element, value[index], `${path}[${index}]`);
        if (problem !== null) return problem;
      }
      return null;
    }
    case "record": {
      if (!isPlainObject(value)) return expected("an object");
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue;
        const problem = valueProblem(validator.key, key, `${path} key`) ?? valueProblem(validator.value, item, at(path, key));
        if (problem !== null) return problem;
      }
      return null;
    }
    case "object":
      return objectProblem(validator.fields, value, path);
    case "union":
      return unionProblem(validator.members, value, path);
  }
  return `${path}: cannot be checked (a ${(validator as { kind: string }).kind} validator)`;
}

/**
 * Why `value` fits none of `members`, or null. Of members that are objects, the one whose
 * literal fields (its tag, such as `entity`) all match names the problem; literals are listed.
 */
function unionProblem(members: GenericValidator[], value: unknown, path: string): string | null {
  const problems = members.map((member) => valueProblem(member, value, path));
  if (problems.some((problem) => problem === null)) return null;
  if (members.every((member) => member.kind === "literal")) {
    const choices = members.map((member) => JSON.stringify(member.kind === "literal" ? member.value : null)).join(", ");
    return `${path}: expected one of ${choices}, got ${described(value)}`;
  }
  if (isPlainObject(value)) {
    const tagged = members.findIndex(
      (member) =>
        member.kind === "object" &&
        Object.entries(member.fields).some(([, field]) => field.kind === "literal") &&
        Object.entries(member.fields).every(([key, field]) => field.kind !== "literal" || value[key] === field.value),
    );
    if (tagged >= 0) return problems[tagged];
  }
  return problems[0];
}
