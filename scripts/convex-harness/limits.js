// What one Convex function execution may use, as Convex's limits page documents them
// (https://docs.convex.dev/production/state/limits), and the count of what it has used.
// A query or mutation past one of them fails whole (a mutation writes nothing), as it does on
// a deployment; `convexTest({ transactionLimits: false })` only counts.

const MiB = 1 << 20;

// The names are the real convex-test's (its `TransactionMetrics`), so a test's
// `transactionLimits` means the same there, which ignores a name it does not know;
// `argumentsBytes` and `returnBytes` are this stand-in's own (the real library does not check
// them), and a test that lowers them is checked here only.
export const defaultLimits = {
  /** Documents a function may look at: every one its index ranges pass over, filtered out or not. */
  documentsRead: 32_000,
  bytesRead: 16 * MiB,
  /** `db.get` and `db.query` calls (each reads one index range). */
  databaseQueries: 4_096,
  /** Inserts, patches, replaces and deletes (each counts, the same document again included). */
  documentsWritten: 16_000,
  bytesWritten: 16 * MiB,
  functionsScheduled: 1_000,
  scheduledFunctionArgsBytes: 16 * MiB,
  argumentsBytes: 16 * MiB,
  returnBytes: 16 * MiB,
};

/** A Convex value's size as this stand-in counts it: its JSON in UTF-8 (Convex's own encoding differs a little). */
export function sizeOf(value) {
  if (value === undefined || value === null) return 0;
  return Buffer.byteLength(JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)), "utf8");
}

const link = "This is a Convex limit: https://docs.convex.dev/production/state/limits";

/** One execution's use of its limits. */
export class Usage {
  constructor(limits = defaultLimits, enforce = true) {
    this.limits = { ...defaultLimits, ...limits };
    this.enforce = enforce;
    this.documentsRead = 0;
    this.bytesRead = 0;
    this.databaseQueries = 0;
    this.documentsWritten = 0;
    this.bytesWritten = 0;
    this.functionsScheduled = 0;
    this.scheduledFunctionArgsBytes = 0;
    this.paginated = 0;
  }

  check(key, message) {
    if (this.enforce && this[key] > this.limits[key]) throw new Error(`${message} (limit: ${this.limits[key]}). ${link}`);
  }

  range() {
    this.databaseQueries += 1;
    this.check("databaseQueries", "Too many index ranges read in a single function execution");
  }

  scan(doc) {
    this.documentsRead += 1;
    this.bytesRead += sizeOf(doc);
    this.check("documentsRead", "Scanned too many documents in a single function execution");
    this.check("bytesRead", "Read too much data in a single function execution");
  }

  write(doc) {
    this.documentsWritten += 1;
    this.bytesWritten += sizeOf(doc);
    this.check("documentsWritten", "Wrote too many documents in a single function execution");
    this.check("bytesWritten", "Wrote too much data in a single function execution");
  }

  schedule(args) {
    this.functionsScheduled += 1;
    this.scheduledFunctionArgsBytes += sizeOf(args);
    this.check("functionsScheduled", "Scheduled too many functions in a single function execution");
    this.check("scheduledFunctionArgsBytes", "Scheduled function arguments too large in a single function execution");
  }

  /** Convex runs one paginated query per function execution, limits on or off. */
  paginate() {
    this.paginated += 1;
    if (this.paginated > 1) {
      throw new Error("Only a single paginated query (`.paginate()`) is allowed per function execution. https://docs.convex.dev/database/pagination");
    }
  }

  /** The arguments (`kind` "arguments") or the value returned (`kind` "return") of `name`. */
  static checkSize(kind, value, name, limits = defaultLimits, enforce = true) {
    const key = kind === "arguments" ? "argumentsBytes" : "returnBytes";
    const size = sizeOf(value);
    const limit = { ...defaultLimits, ...limits }[key];
    if (enforce && size > limit) {
      throw new Error(`${kind === "arguments" ? "Arguments" : "The value returned"} of ${name} too large: ${size} bytes (limit: ${limit}). ${link}`);
    }
  }
}

/** Throws naming the first object key (at any depth) that Convex refuses: one beginning with "$". */
export function checkKeys(value, path = "") {
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkKeys(item, `${path}[${index}]`));
    return;
  }
  if (value !== null && typeof value === "object" && !(value instanceof ArrayBuffer)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith("$")) throw new Error(`Field name ${JSON.stringify(key)} at ${path || "the top level"} starts with a "$", which is reserved`);
      checkKeys(item, path ? `${path}.${key}` : key);
    }
  }
}
