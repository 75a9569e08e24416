// One query of backend.js: a table, an index and its range, filters, an order, read as Convex
// reads them, each document counted against the execution's limits.
import { compareValues } from "./order.js";
import { copy } from "./transaction.js";

/** The rows of one query: a table, an index and its range, filters, an order. */
export class Query {
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

