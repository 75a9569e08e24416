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
import { database } from "./database.js";
import { checkKeys, defaultLimits, sizeOf, Usage } from "./limits.js";
import { getFunctionName } from "./server.js";
import { copy, SCHEDULED, Transaction } from "./transaction.js";
import { ConvexError, stripUndefined } from "./values.js";

/** An index's key prefix as a lookup key (undefined, a missing field, kept apart from null). */
const prefixKey = (values) => JSON.stringify(values.map((value) => (value === undefined ? { missing: true } : value)));

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
