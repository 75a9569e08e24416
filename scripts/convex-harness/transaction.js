// What one execution of backend.js sees of the documents, and the tables the system keeps.
import { tableOfId } from "./values.js";

export const copy = (value) => structuredClone(value);
export const SCHEDULED = "_scheduled_functions";
export const systemTables = new Set([SCHEDULED]);

/**
 * What one execution sees: the committed documents, with its own writes laid over them. A
 * mutation's writes reach the committed state only at `commit`.
 */
export class Transaction {
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
