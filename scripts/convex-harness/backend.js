// A stand-in for `convex-test` (see values.js for why): an in-memory Convex backend that runs
// the functions of convex/ as Convex documents it. Arguments and return values are checked
// against the functions' validators and cross as Convex values (fields set to undefined vanish,
// keys beginning with "$" are refused); every document written is checked against the schema;
// queries read, mutations are transactions (all of it commits, or none of it), actions reach the
// database only through runQuery/runMutation. Each execution is held to Convex's limits
// (limits.js: documents scanned, data read and written, index ranges, documents written,
// functions scheduled, argument and return sizes; one `.paginate()`), on unless the test passes
// `transactionLimits: false`. Indexes must exist and be ranged as Convex allows (equalities on a
// prefix of their fields, then at most one lower and one upper bound on the next). Scheduled
// functions run by themselves when their time comes, as on a deployment, each as its own
// execution; a failure is recorded in `_scheduled_functions` (read with `ctx.db.system`), not
// thrown; `finishInProgressScheduledFunctions` and `finishAllScheduledFunctions` wait for them.
import { checkKeys, defaultLimits, sizeOf, Usage } from "./limits.js";
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
const SCHEDULED = "_scheduled_functions";
const systemTables = new Set([SCHEDULED]);

/** An index's key prefix as a lookup key (undefined, a missing field, kept apart from null). */
const prefixKey = (values) => JSON.stringify(values.map((value) => (value === undefined ? { missing: true } : value)));

/**
 * What one execution sees: the committed documents, with its own writes laid over them. A
 * mutation's writes reach the committed state only at `commit`.
 */
class Transaction {
  constructor(backend) {
    this.backend = backend;
    this.overlay = new Map();
    this.nextId = backend.state.nextId;
    this.clock = backend.state.clock;
    this.jobs = [];
  }

  doc(id) {
    if (this.overlay.has(id)) return this.overlay.get(id);
    return this.backend.state.tables[tableOfId(id)]?.get(id) ?? null;
  }

  put(id, doc) {
    this.overlay.set(id, doc);
  }

  /** The ids that may hold `values` as the first fields of `index` on `table` (committed ones by lookup, this execution's own). */
  candidates(table, index, fields, values) {
    const ids = new Set(values.length > 0 ? this.backend.lookup(table, index, fields, values) : this.backend.state.tables[table].keys());
    for (const id of this.overlay.keys()) if (tableOfId(id) === table) ids.add(id);
    return ids;
  }

  commit() {
    const state = this.backend.state;
    for (const [id, doc] of this.overlay) {
      const table = tableOfId(id);
      const before = state.tables[table].get(id) ?? null;
      this.backend.reindex(table, id, before, doc);
      if (doc === null) state.tables[table].delete(id);
      else state.tables[table].set(id, doc);
    }
    state.nextId = this.nextId;
    state.clock = this.clock;
    for (const job of this.jobs) this.backend.arm(job);
  }
}

/** The rows of one query: a table, an index and its range, filters, an order. */
class Query {
  constructor(tx, usage, table, schema) {
    this.tx = tx;
    this.usage = usage;
    this.table = table;
    this.schema = schema;
    this.index = null;
    this.range = [];
    this.filters = [];
    this.descending = false;
  }

  withIndex(name, build) {
    if (this.index !== null) throw new Error("withIndex may be called once per query");
    const fields = this.schema.tables[this.table]?.indexes[name];
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

  /** Equalities on a prefix of the index's fields, then at most one lower and one upper bound on the next field. */
  checkRange(range) {
    const fields = this.index.fields;
    let position = 0;
    let bounded = null;
    let lower = 0, upper = 0;
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
        if (step.op === "gt" || step.op === "gte") lower += 1;
        else upper += 1;
        if (lower > 1 || upper > 1) throw new Error(`index range on ${this.index.name}: at most one lower and one upper bound, got a second ${step.op}("${step.field}")`);
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

  /** The index range's documents in order: what a scan passes over, before filters. */
  inRange() {
    if (this.tx.backend.state.tables[this.table] === undefined) throw new Error(`table "${this.table}" is not in the schema`);
    const fields = this.index?.fields ?? ["_creationTime"];
    const equal = [];
    for (const step of this.range) {
      if (step.op !== "eq") break;
      equal.push(step.value);
    }
    const docs = [];
    for (const id of this.tx.candidates(this.table, this.index?.name ?? "by_creation_time", fields, equal)) {
      const doc = this.tx.doc(id);
      if (doc === null) continue;
      const inside = this.range.every((step) => {
        const order = compareValues(doc[step.field], step.value);
        return step.op === "eq" ? order === 0 : step.op === "gt" ? order > 0 : step.op === "gte" ? order >= 0 : step.op === "lt" ? order < 0 : order <= 0;
      });
      if (inside) docs.push(doc);
    }
    docs.sort((a, b) => {
      for (const field of fields) {
        const order = compareValues(a[field], b[field]);
        if (order !== 0) return order;
      }
      return 0;
    });
    if (this.descending) docs.reverse();
    return docs;
  }

  /** Up to `count` matching documents (all without it), each document passed over counted as scanned. */
  read(count = Infinity) {
    this.usage.range();
    const found = [];
    for (const doc of this.inRange()) {
      if (found.length >= count) break;
      this.usage.scan(doc);
      if (this.filters.every((test) => test(doc))) found.push(copy(doc));
    }
    return found;
  }

  async collect() {
    return this.read();
  }

  async take(count) {
    if (!Number.isInteger(count) || count < 0) throw new Error(`take: expected a whole number, got ${count}`);
    return this.read(count);
  }

  async first() {
    return this.read(1)[0] ?? null;
  }

  async unique() {
    const rows = this.read(2);
    if (rows.length > 1) throw new Error(`unique() found ${rows.length} documents in ${this.table}`);
    return rows[0] ?? null;
  }

  async paginate({ cursor, numItems }) {
    this.usage.paginate();
    this.usage.range();
    const docs = this.inRange();
    const start = cursor === null || cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0) throw new Error(`paginate: not a cursor of this query: ${cursor}`);
    const page = [];
    let position = start;
    while (position < docs.length && page.length < numItems) {
      const doc = docs[position++];
      this.usage.scan(doc);
      if (this.filters.every((test) => test(doc))) page.push(copy(doc));
    }
    return { page, isDone: position >= docs.length, continueCursor: String(position) };
  }

  [Symbol.asyncIterator]() {
    this.usage.range();
    const docs = this.inRange();
    let index = 0;
    const next = async () => {
      while (index < docs.length) {
        const doc = docs[index++];
        this.usage.scan(doc);
        if (this.filters.every((test) => test(doc))) return { value: copy(doc), done: false };
      }
      return { value: undefined, done: true };
    };
    return { next };
  }
}

/** The database as one execution sees it: `writes` for mutations. */
function database(backend, tx, usage, writes) {
  const { schema } = backend.state;
  const tableOf = (id) => {
    const table = tableOfId(id);
    if (table === null || backend.state.tables[table] === undefined || systemTables.has(table)) {
      throw new Error(`not an id of this deployment: ${JSON.stringify(id)}`);
    }
    return table;
  };
  const validate = (table, doc) => {
    checkKeys(doc);
    if (!schema.schemaValidation) return;
    const { _id, _creationTime, ...fields } = doc;
    const problem = schema.tables[table].document.check(fields, "");
    if (problem) throw new Error(`Failed to insert or update a document in table "${table}" because it does not match the schema: ${problem}`);
  };
  const get = async (id, allowSystem) => {
    const table = tableOfId(id);
    if (!allowSystem) tableOf(id);
    else if (!systemTables.has(table)) throw new Error(`db.system reads system tables only, not ${JSON.stringify(id)}`);
    usage.range();
    const doc = tx.doc(id);
    if (doc === null) return null;
    usage.scan(doc);
    return copy(doc);
  };
  const query = (table, allowSystem) => {
    if (systemTables.has(table) !== allowSystem) {
      throw new Error(allowSystem ? `db.system reads system tables only, not "${table}"` : `table "${table}" is a system table: read it with db.system`);
    }
    if (backend.state.tables[table] === undefined) throw new Error(`table "${table}" is not in the schema`);
    return new Query(tx, usage, table, { tables: { ...schema.tables, [SCHEDULED]: { indexes: {} } } });
  };
  const reader = {
    query: (table) => query(table, false),
    get: (id) => get(id, false),
    normalizeId: (table, id) => (tableOfId(id) === table && backend.state.tables[table] !== undefined ? id : null),
    system: {
      query: (table) => query(table, true),
      get: (id) => get(id, true),
    },
  };
  if (!writes) return reader;
  const current = (id, verb) => {
    tableOf(id);
    const doc = tx.doc(id);
    if (doc === null) throw new Error(`${verb}: no document with id ${id}`);
    usage.scan(doc);
    return doc;
  };
  return {
    ...reader,
    insert: async (table, value) => {
      if (backend.state.tables[table] === undefined || systemTables.has(table)) throw new Error(`table "${table}" is not in the schema`);
      const fields = stripUndefined(value);
      for (const key of Object.keys(fields)) if (key.startsWith("_")) throw new Error(`insert: system field ${key} cannot be written`);
      tx.nextId += 1;
      tx.clock = Math.max(Date.now(), tx.clock + 0.001);
      const doc = { ...copy(fields), _id: `${table}|${tx.nextId}`, _creationTime: tx.clock };
      validate(table, doc);
      usage.write(doc);
      tx.put(doc._id, doc);
      return doc._id;
    },
    patch: async (id, value) => {
      const table = tableOfId(id);
      const existing = current(id, "patch");
      const next = { ...existing };
      for (const [key, item] of Object.entries(value)) {
        if (key === "_id" || key === "_creationTime") {
          if (item !== undefined && item !== existing[key]) throw new Error(`patch: system field ${key} cannot change`);
          continue;
        }
        if (item === undefined) delete next[key];
        else next[key] = copy(stripUndefined(item));
      }
      validate(table, next);
      usage.write(next);
      tx.put(id, next);
    },
    replace: async (id, value) => {
      const table = tableOfId(id);
      const existing = current(id, "replace");
      const { _id, _creationTime, ...fields } = stripUndefined(value);
      const next = { ...copy(fields), _id: existing._id, _creationTime: existing._creationTime };
      validate(table, next);
      usage.write(next);
      tx.put(id, next);
    },
    delete: async (id) => {
      current(id, "delete");
      usage.write(null);
      tx.put(id, null);
    },
  };
}

class Backend {
  constructor(schema, modules, options = {}) {
    this.limits = typeof options.transactionLimits === "object" ? options.transactionLimits : {};
    // The real convex-test ignores a limit it has no name for, so a misnamed one would test
    // nothing there: refused here.
    const unknown = Object.keys(this.limits).filter((name) => !(name in defaultLimits));
    if (unknown.length > 0) throw new Error(`transactionLimits: no limit named ${unknown.join(", ")} (convex-test's are ${Object.keys(defaultLimits).join(", ")})`);
    this.enforce = options.transactionLimits !== false;
    const generated = Object.keys(modules).find((key) => key.includes("/_generated/") || key.startsWith("_generated/"));
    if (generated === undefined) throw new Error("the modules must include one of convex/_generated (it marks where convex/ starts)");
    const prefix = generated.slice(0, generated.indexOf("_generated/"));
    this.modules = {};
    for (const [key, load] of Object.entries(modules)) {
      if (!key.startsWith(prefix)) continue;
      this.modules[key.slice(prefix.length).replace(/\.(ts|js|mjs|tsx)$/, "")] = load;
    }
    const tables = Object.fromEntries([...Object.keys(schema.tables), SCHEDULED].map((table) => [table, new Map()]));
    this.state = { schema, tables, nextId: 0, clock: 0 };
    // Per table and index: prefix length → prefix key → ids, built when first asked for.
    this.lookups = new Map();
    this.lock = Promise.resolve();
    // Scheduled jobs: their timers, and the runs under way.
    this.timers = new Map();
    this.running = new Set();
  }

  /** Committed ids whose first `values.length` fields of `index` equal `values`. */
  lookup(table, index, fields, values) {
    const name = `${table}\u0000${index}\u0000${values.length}`;
    let map = this.lookups.get(name);
    if (map === undefined) {
      map = { fields: fields.slice(0, values.length), keys: new Map() };
      for (const [id, doc] of this.state.tables[table]) this.addKey(map, id, doc);
      this.lookups.set(name, map);
    }
    return map.keys.get(prefixKey(values)) ?? [];
  }

  addKey(map, id, doc) {
    const key = prefixKey(map.fields.map((field) => doc[field]));
    let ids = map.keys.get(key);
    if (ids === undefined) map.keys.set(key, (ids = new Set()));
    ids.add(id);
  }

  /** Keeps the lookups of `table` true as a document changes from `before` to `after` (null: absent). */
  reindex(table, id, before, after) {
    for (const [name, map] of this.lookups) {
      if (!name.startsWith(`${table}\u0000`)) continue;
      if (before !== null) map.keys.get(prefixKey(map.fields.map((field) => before[field])))?.delete(id);
      if (after !== null) this.addKey(map, id, after);
    }
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

  usage() {
    return new Usage(this.limits, this.enforce);
  }

  /** Runs a function as Convex would: arguments checked, a transaction for a mutation, the value returned checked. */
  async call(type, reference, args, identity) {
    const { name, fn } = await this.resolve(reference, type);
    const input = stripUndefined(args ?? {});
    checkKeys(input);
    Usage.checkSize("arguments", input, name, this.limits, this.enforce);
    if (fn.args !== undefined) {
      const problem = fn.args.check(input, "");
      if (problem) throw new Error(`ArgumentValidationError: ${problem} (calling ${name})`);
    }
    const auth = { getUserIdentity: async () => (identity === null ? null : copy(identity)) };
    let result;
    if (type === "query") {
      const usage = this.usage();
      result = await fn.handler({ db: database(this, new Transaction(this), usage, false), auth }, input);
    } else if (type === "mutation") {
      result = await this.transaction(async (tx, usage) => fn.handler({ db: database(this, tx, usage, true), auth, scheduler: this.scheduler(tx, usage) }, input));
    } else {
      result = await fn.handler(
        {
          auth,
          runQuery: (ref, a) => this.call("query", ref, a, identity),
          runMutation: (ref, a) => this.call("mutation", ref, a, identity),
          runAction: (ref, a) => this.call("action", ref, a, identity),
          scheduler: this.scheduler(null, this.usage()),
        },
        input,
      );
    }
    const value = stripUndefined(result === undefined ? null : result);
    checkKeys(value);
    Usage.checkSize("return", value, name, this.limits, this.enforce);
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
      const tx = new Transaction(this);
      const result = await body(tx, this.usage());
      tx.commit();
      return result;
    } finally {
      release();
    }
  }

  /** `ctx.scheduler`: a job recorded with the transaction `tx` (at once for an action), then run when due. */
  scheduler(tx, usage) {
    const schedule = async (at, reference, args) => {
      const input = copy(stripUndefined(args ?? {}));
      checkKeys(input);
      usage.schedule(input);
      const job = { name: getFunctionName(reference), args: [input], scheduledTime: at, state: { kind: "pending" } };
      const record = (target) => {
        target.nextId += 1;
        target.clock = Math.max(Date.now(), target.clock + 0.001);
        const doc = { ...job, _id: `${SCHEDULED}|${target.nextId}`, _creationTime: target.clock };
        target.put(doc._id, doc);
        target.jobs.push(doc._id);
        return doc._id;
      };
      // An action's job is recorded at once; a mutation's commits (or not) with it.
      return tx !== null ? record(tx) : await this.transaction(async (own) => record(own));
    };
    return {
      runAfter: async (delayMs, reference, args) => schedule(Date.now() + delayMs, reference, args),
      runAt: async (time, reference, args) => schedule(Number(time), reference, args),
      cancel: async (id) => {
        const doc = (tx ?? new Transaction(this)).doc(id);
        if (doc === null || doc.state.kind !== "pending") return;
        await this.setJobState(id, { kind: "canceled" });
      },
    };
  }

  /** Starts the timer of a job just committed. */
  arm(id) {
    const job = this.state.tables[SCHEDULED].get(id);
    const timer = setTimeout(() => this.runJob(id), Math.max(0, job.scheduledTime - Date.now()));
    timer.unref?.();
    this.timers.set(id, timer);
  }

  async setJobState(id, state) {
    await this.transaction(async (tx) => tx.put(id, { ...tx.doc(id), state }));
  }

  /** Runs a due job once, as its own execution without an identity, and records how it ended. */
  runJob(id) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const run = (async () => {
      const job = this.state.tables[SCHEDULED].get(id);
      if (job === undefined || job.state.kind !== "pending") return;
      await this.setJobState(id, { kind: "inProgress" });
      try {
        const { fn } = await this.resolve(job.name);
        await this.call(fn.type, job.name, job.args[0], null);
        await this.setJobState(id, { kind: "success" });
      } catch (error) {
        await this.setJobState(id, { kind: "failed", error: String(error?.message ?? error) });
      }
    })();
    this.running.add(run);
    run.finally(() => this.running.delete(run));
    return run;
  }

  async settle() {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  pendingJobs() {
    return [...this.state.tables[SCHEDULED].values()].filter((job) => job.state.kind === "pending").map((job) => job._id);
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
    /** Runs `body` as a mutation would (the same limits): for setting up and reading back. */
    run: (body) => backend.transaction(async (tx, usage) => body({ db: database(backend, tx, usage, true), scheduler: backend.scheduler(tx, usage) })),
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
    /** Waits for the scheduled functions under way (those already due run by themselves). */
    finishInProgressScheduledFunctions: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await backend.settle();
    },
    /** Runs every scheduled function now, and those they schedule, until none is left. */
    finishAllScheduledFunctions: async (advanceTimers, maxIterations = 100) => {
      for (let round = 0; ; round++) {
        await backend.settle();
        const pending = backend.pendingJobs();
        if (pending.length === 0) return;
        if (round >= maxIterations) throw new Error(`scheduled functions still pending after ${maxIterations} rounds`);
        if (advanceTimers) advanceTimers();
        await Promise.all(pending.map((id) => backend.runJob(id)));
      }
    },
  };
}

/**
 * A fresh, empty backend running the functions in `modules`: `convexTest(schema, modules)`, or
 * `convexTest({ schema, modules, transactionLimits })` (true or an object of lower limits:
 * enforced, as they are here by default; false: counted only).
 */
export function convexTest(schemaOrOptions, modules) {
  const options = schemaOrOptions !== undefined && "tables" in schemaOrOptions ? { schema: schemaOrOptions, modules } : (schemaOrOptions ?? {});
  if (options.schema === undefined || options.modules === undefined) throw new Error("convexTest: a schema and modules are required here");
  return client(new Backend(options.schema, options.modules, options), null);
}

export { ConvexError, sizeOf };
