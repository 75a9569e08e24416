// `ctx.db` of backend.js: reads through queries, and (for mutations) writes checked against the
// schema, laid over the committed documents until the transaction commits.
import { checkKeys } from "./limits.js";
import { Query } from "./query.js";
import { copy, SCHEDULED, systemTables } from "./transaction.js";
import { stripUndefined, tableOfId } from "./values.js";

/** The database as one execution sees it: `writes` for mutations. */
export function database(backend, tx, usage, writes) {
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

