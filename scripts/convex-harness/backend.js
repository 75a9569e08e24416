// A stand-in for `convex-test` (see values.js for why): an in-memory Convex backend that runs
// the functions of convex/ as Convex documents it. Arguments and return values are checked
// against the functions' validators and cross as Convex values (fields set to undefined vanish);
// every document written is checked against the schema; queries read, mutations are
// transactions (all of it commits, or none of it), actions reach the database only through
// runQuery/runMutation; indexes must exist and be ranged in their fields' order; scheduled
// functions wait until the test runs them.
import { getFunctionName } from "./server.js";
import { ConvexError, stripUndefined, tableOfId } from "./values.js";

// Convex's order of values across types, then within each.
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

const copy = (value) => structuredClone(value);

/** The rows of one query: a table, an index and its range, filters, an order. */
class Query {
  constructor(state, table) {
    this.state = state;
    this.table = table;
    this.index = null;
    this.range = [];
    this.filters = [];
    this.descending = false;
  }

  withIndex(name, build) {
    if (this.index !== null) throw new Error("withIndex may be called once per query");
    const fields = this.state.schema.tables[this.table]?.indexes[name];
    if (fields === undefined && name !== "by_creation_time" && name !== "by_id") {
      throw new Error(`index ${this.table}.${name} is not defined in the schema`);
    }
    this.index = { name, fields: [...(fields ?? []), "_creationTime"] };
    if (build) {
      const range = [];
      const builder = {
        eq: (field, value) => (range.push({ op: "eq", field, value }), builder),
        gt: (field, value) => (range.push({ op: "gt", field, value }), builder),
        gte: (field, value) => (range.push({ op: "gte", field, value }), builder),
        lt: (field, value) => (range.push({ op: "lt", field, value }), builder),
        lte: (field, value) => (range.push({ op: "lte", field, value }), builder),
      };
      build(builder);
      this.checkRange(range);
      this.range = range;
    }
    return this;
  }

  /** Equalities on a prefix of the index's fields, then bounds on the next field only. */
  checkRange(range) {
    const fields = this.index.fields;
    let position = 0;
    let bounded = null;
    for (const step of range) {
      if (step.op === "eq") {
        if (bounded !== null) throw new Error(`index range on ${this.index.name}: eq("${step.field}") after a bound`);
        if (fields[position] !== step.field) {
          throw new Error(`index range on ${this.index.name}: expected a condition on "${fields[position]}", got eq("${step.field}")`);
        }
        position += 1;
      } else {
        if (bounded === null) bounded = step.field;
        if (step.field !== bounded || fields[position] !== step.field) {
          throw new Error(`index range on ${this.index.name}: ${step.op}("${step.field}") is not on the next field "${fields[position]}"`);
        }
      }
    }
  }

  filter(predicate) {
    const field = (name) => ({ field: name });
    const read = (doc, operand) => (operand !== null && typeof operand === "object" && "field" in operand && Object.keys(operand).length === 1
      ? name(doc, operand.field)
      : typeof operand === "function" ? operand(doc) : operand);
    const name = (doc, path) => path.split(".").reduce((value, key) => (value === undefined || value === null ? undefined : value[key]), doc);
    const compare = (test) => (a, b) => (doc) => test(compareValues(read(doc, a), read(doc, b)));
    const builder = {
      field,
      eq: compare((order) => order === 0),
      neq: compare((order) => order !== 0),
      lt: compare((order) => order < 0),
      lte: compare((order) => order <= 0),
      gt: compare((order) => order > 0),
      gte: compare((order) => order >= 0),
      and: (...parts) => (doc) => parts.every((part) => read(doc, part)),
      or: (...parts) => (doc) => parts.some((part) => read(doc, part)),
      not: (part) => (doc) => !read(doc, part),
    };
    const expression = predicate(builder);
    this.filters.push((doc) => Boolean(read(doc, expression)));
    return this;
  }

  order(direction) {
    if (direction !== "asc" && direction !== "desc") throw new Error(`order must be "asc" or "desc", got ${direction}`);
    this.descending = direction === "desc";
    return this;
  }

  rows() {
    const table = this.state.tables[this.table];
    if (table === undefined) throw new Error(`table "${this.table}" is not in the schema`);
    const fields = this.index?.fields ?? ["_creationTime"];
    let docs = Object.values(table).filter((doc) =>
      this.range.every((step) => {
        const order = compareValues(doc[step.field], step.value);
        return step.op === "eq" ? order === 0 : step.op === "gt" ? order > 0 : step.op === "gte" ? order >= 0 : step.op === "lt" ? order < 0 : order <= 0;
      }),
    );
    docs.sort((a, b) => {
      for (const field of fields) {
        const order = compareValues(a[field], b[field]);
        if (order !== 0) return order;
      }
      return 0;
    });
    if (this.descending) docs.reverse();
    docs = docs.filter((doc) => this.filters.every((test) => test(doc)));
    return docs.map(copy);
  }

  async collect() {
    return this.rows();
  }

  async take(count) {
    if (!Number.isInteger(count) || count < 0) throw new Error(`take: expected a whole number, got ${count}`);
    return this.rows().slice(0, count);
  }

  async first() {
    return this.rows()[0] ?? null;
  }

  async unique() {
    const rows = this.rows();
    if (rows.length > 1) throw new Error(`unique() found ${rows.length} documents in ${this.table}`);
    return rows[0] ?? null;
  }

  async paginate({ cursor, numItems }) {
    const rows = this.rows();
    const start = cursor === null || cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0) throw new Error(`paginate: not a cursor of this query: ${cursor}`);
    const end = Math.min(rows.length, start + numItems);
    return { page: rows.slice(start, end), isDone: end >= rows.length, continueCursor: String(end) };
  }

  [Symbol.asyncIterator]() {
    const rows = this.rows();
    let index = 0;
    return { next: async () => (index < rows.length ? { value: rows[index++], done: false } : { value: undefined, done: true }) };
  }
}

/** The database as one function sees it: `writes` for mutations. */
function database(state, writes) {
  const tableOf = (id) => {
    const table = tableOfId(id);
    if (table === null || state.tables[table] === undefined) throw new Error(`not an id of this deployment: ${JSON.stringify(id)}`);
    return table;
  };
  const validate = (table, doc) => {
    if (!state.schema.schemaValidation) return;
    const { _id, _creationTime, ...fields } = doc;
    const problem = state.schema.tables[table].document.check(fields, "");
    if (problem) throw new Error(`Failed to insert or update a document in table "${table}" because it does not match the schema: ${problem}`);
  };
  const reader = {
    query: (table) => new Query(state, table),
    get: async (id) => {
      const table = tableOf(id);
      const doc = state.tables[table][id];
      return doc === undefined ? null : copy(doc);
    },
    normalizeId: (table, id) => (tableOfId(id) === table && state.tables[table] !== undefined ? id : null),
  };
  if (!writes) return reader;
  return {
    ...reader,
    insert: async (table, value) => {
      if (state.tables[table] === undefined) throw new Error(`table "${table}" is not in the schema`);
      const fields = stripUndefined(value);
      for (const key of Object.keys(fields)) if (key.startsWith("_")) throw new Error(`insert: system field ${key} cannot be written`);
      state.nextId += 1;
      state.clock = Math.max(Date.now(), state.clock + 0.001);
      const doc = { ...copy(fields), _id: `${table}|${state.nextId}`, _creationTime: state.clock };
      validate(table, doc);
      state.tables[table][doc._id] = doc;
      return doc._id;
    },
    patch: async (id, value) => {
      const table = tableOf(id);
      const current = state.tables[table][id];
      if (current === undefined) throw new Error(`patch: no document with id ${id}`);
      const next = { ...current };
      for (const [key, item] of Object.entries(value)) {
        if (key === "_id" || key === "_creationTime") {
          if (item !== undefined && item !== current[key]) throw new Error(`patch: system field ${key} cannot change`);
          continue;
        }
        if (item === undefined) delete next[key];
        else next[key] = copy(stripUndefined(item));
      }
      validate(table, next);
      state.tables[table][id] = next;
    },
    replace: async (id, value) => {
      const table = tableOf(id);
      const current = state.tables[table][id];
      if (current === undefined) throw new Error(`replace: no document with id ${id}`);
      const { _id, _creationTime, ...fields } = stripUndefined(value);
      const next = { ...copy(fields), _id: current._id, _creationTime: current._creationTime };
      validate(table, next);
      state.tables[table][id] = next;
    },
    delete: async (id) => {
      const table = tableOf(id);
      if (state.tables[table][id] === undefined) throw new Error(`delete: no document with id ${id}`);
      delete state.tables[table][id];
    },
  };
}

class Backend {
  constructor(schema, modules) {
    this.schema = schema;
    const generated = Object.keys(modules).find((key) => key.includes("/_generated/") || key.startsWith("_generated/"));
    if (generated === undefined) throw new Error("the modules must include one of convex/_generated (it marks where convex/ starts)");
    const prefix = generated.slice(0, generated.indexOf("_generated/"));
    this.modules = {};
    for (const [key, load] of Object.entries(modules)) {
      if (!key.startsWith(prefix)) continue;
      this.modules[key.slice(prefix.length).replace(/\.(ts|js|mjs|tsx)$/, "")] = load;
    }
    this.state = { schema, tables: Object.fromEntries(Object.keys(schema.tables).map((table) => [table, {}])), nextId: 0, clock: 0 };
    this.scheduled = [];
    this.lock = Promise.resolve();
  }

  async resolve(reference, type) {
    const name = getFunctionName(reference);
    if (typeof name !== "string") throw new Error("not a function reference");
    const [modulePath, exported = "default"] = name.split(":");
    const load = this.modules[modulePath];
    if (load === undefined) throw new Error(`no module ${modulePath} for function ${name}`);
    const fn = (await load())[exported];
    if (fn === undefined || !fn.isConvexFunction) throw new Error(`${name} is not a Convex function`);
    if (type !== undefined && fn.type !== type) throw new Error(`${name} is a ${fn.type}, called as a ${type}`);
    return { name, fn };
  }

  /** Runs a function as Convex would: arguments checked, a transaction for a mutation, the value returned checked. */
  async call(type, reference, args, identity) {
    const { name, fn } = await this.resolve(reference, type);
    const input = stripUndefined(args ?? {});
    if (fn.args !== undefined) {
      const problem = fn.args.check(input, "");
      if (problem) throw new Error(`ArgumentValidationError: ${problem} (calling ${name})`);
    }
    const auth = { getUserIdentity: async () => (identity === null ? null : copy(identity)) };
    let result;
    if (type === "query") {
      result = await fn.handler({ db: database(this.state, false), auth }, input);
    } else if (type === "mutation") {
      result = await this.transaction(async (state, scheduled) => fn.handler({ db: database(state, true), auth, scheduler: this.scheduler(scheduled) }, input));
    } else {
      result = await fn.handler(
        {
          auth,
          runQuery: (ref, a) => this.call("query", ref, a, identity),
          runMutation: (ref, a) => this.call("mutation", ref, a, identity),
          runAction: (ref, a) => this.call("action", ref, a, identity),
          scheduler: this.scheduler(this.scheduled),
        },
        input,
      );
    }
    const value = stripUndefined(result === undefined ? null : result);
    if (fn.returns !== undefined) {
      const problem = fn.returns.check(value, "value");
      if (problem) throw new Error(`ReturnsValidationError: ${problem} (returned by ${name})`);
    }
    return copy(value);
  }

  /** Convex serializes conflicting mutations; here every one waits for the one before. */
  async transaction(body) {
    const previous = this.lock;
    let release;
    this.lock = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await this.commitOrDiscard(body);
    } finally {
      release();
    }
  }

  /** Runs `body` on a copy of the database; the copy (and what it scheduled) replaces the original only if `body` succeeds. */
  async commitOrDiscard(body) {
    const working = { ...this.state, tables: copy(this.state.tables) };
    const scheduled = [];
    const result = await body(working, scheduled);
    this.state.tables = working.tables;
    this.state.nextId = working.nextId;
    this.state.clock = working.clock;
    this.scheduled.push(...scheduled);
    return result;
  }

  scheduler(queue) {
    return {
      runAfter: async (delayMs, reference, args) => {
        queue.push({ at: Date.now() + delayMs, reference, args: copy(stripUndefined(args ?? {})) });
        return `scheduled|${queue.length}`;
      },
      runAt: async (time, reference, args) => {
        queue.push({ at: Number(time), reference, args: copy(stripUndefined(args ?? {})) });
        return `scheduled|${queue.length}`;
      },
    };
  }

  async runScheduled(job) {
    const { fn } = await this.resolve(job.reference);
    await this.call(fn.type, job.reference, job.args, null);
  }
}

/**
 * What the tests' own calls did, by function name: how many succeeded, and how many were refused
 * (a ConvexError with a code, or Convex's argument validation). scripts/test-convex compares it
 * with the contract.
 */
export const outcomes = new Map();

async function recorded(type, reference, args, identity, backend) {
  const name = getFunctionName(reference);
  const entry = outcomes.get(name) ?? { succeeded: 0, refused: [] };
  outcomes.set(name, entry);
  try {
    const value = await backend.call(type, reference, args, identity);
    entry.succeeded += 1;
    return value;
  } catch (error) {
    const code = error instanceof ConvexError ? error.data?.code : String(error?.message ?? "").startsWith("ArgumentValidationError") ? "ARGUMENT_VALIDATION" : undefined;
    if (code !== undefined) entry.refused.push(code);
    throw error;
  }
}

function client(backend, identity) {
  return {
    query: (reference, args) => recorded("query", reference, args, identity, backend),
    mutation: (reference, args) => recorded("mutation", reference, args, identity, backend),
    action: (reference, args) => recorded("action", reference, args, identity, backend),
    withIdentity: (given) => {
      const issuer = given.issuer ?? "https://convex.test";
      const subject = given.subject ?? `subject-${Math.random().toString(36).slice(2)}`;
      return client(backend, { ...given, issuer, subject, tokenIdentifier: given.tokenIdentifier ?? `${issuer}|${subject}` });
    },
    run: (body) => backend.transaction(async (state, scheduled) => body({ db: database(state, true), scheduler: backend.scheduler(scheduled) })),
    fetch: async (path, init) => {
      const load = backend.modules.http;
      if (load === undefined) throw new Error("convex/http.ts is missing");
      const router = (await load()).default;
      const url = new URL(path, process.env.CONVEX_SITE_URL ?? "https://convex.test");
      const method = (init?.method ?? "GET").toUpperCase();
      const route = router.lookup(url.pathname, method);
      if (route === null) return new Response("No matching routes found", { status: 404 });
      const ctx = {
        auth: { getUserIdentity: async () => identity },
        runQuery: (ref, a) => backend.call("query", ref, a, identity),
        runMutation: (ref, a) => backend.call("mutation", ref, a, identity),
        runAction: (ref, a) => backend.call("action", ref, a, identity),
      };
      return await route.handler.handler(ctx, new Request(url, init));
    },
    /** Runs the functions scheduled so far (not those they schedule). */
    finishInProgressScheduledFunctions: async () => {
      const jobs = backend.scheduled.splice(0);
      for (const job of jobs) await backend.runScheduled(job);
    },
    /** Runs scheduled functions, and those they schedule, until none is left. */
    finishAllScheduledFunctions: async (advanceTimers, maxIterations = 100) => {
      for (let round = 0; backend.scheduled.length > 0; round++) {
        if (round >= maxIterations) throw new Error(`scheduled functions still pending after ${maxIterations} rounds`);
        if (advanceTimers) advanceTimers();
        const jobs = backend.scheduled.splice(0);
        for (const job of jobs) await backend.runScheduled(job);
      }
    },
  };
}

/** A fresh, empty backend for `schema` running the functions in `modules`. */
export function convexTest(schema, modules) {
  if (schema === undefined || modules === undefined) throw new Error("convexTest(schema, modules): both are required here");
  return client(new Backend(schema, modules), null);
}

export { ConvexError };
