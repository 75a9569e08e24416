// A stand-in for the `convex/server` module (see values.js for why): function definitions,
// schemas, function references and HTTP routes, shaped as Convex documents them. The backend
// that runs them is backend.js.
import { asValidator, v } from "./values.js";

function define(type, visibility) {
  return (definition) => {
    const spec = typeof definition === "function" ? { handler: definition } : definition;
    return {
      isConvexFunction: true,
      type,
      visibility,
      args: asValidator(spec.args),
      returns: spec.returns,
      handler: spec.handler,
    };
  };
}

export const queryGeneric = define("query", "public");
export const mutationGeneric = define("mutation", "public");
export const actionGeneric = define("action", "public");
export const internalQueryGeneric = define("query", "internal");
export const internalMutationGeneric = define("mutation", "internal");
export const internalActionGeneric = define("action", "internal");

export function httpActionGeneric(handler) {
  return { isHttpAction: true, handler };
}

/** One table: its document validator and its indexes (each ends in `_creationTime`). */
class TableDefinition {
  constructor(fields) {
    this.document = asValidator(fields);
    this.indexes = {};
  }

  index(name, fields) {
    if (name in this.indexes) throw new Error(`index ${name} is defined twice`);
    if (fields.length === 0) throw new Error(`index ${name} has no fields`);
    this.indexes[name] = fields;
    return this;
  }

  searchIndex() {
    return this;
  }

  vectorIndex() {
    return this;
  }
}

export function defineTable(fields) {
  return new TableDefinition(fields);
}

export function defineSchema(tables, options = {}) {
  return { tables, schemaValidation: options.schemaValidation ?? true };
}

const functionName = Symbol.for("functionName");

function reference(path) {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === functionName) {
          if (path.length < 2) throw new Error(`"${path.join(".")}" is a module, not a function`);
          return `${path.slice(0, -1).join("/")}:${path[path.length - 1]}`;
        }
        if (typeof property !== "string") return undefined;
        return reference([...path, property]);
      },
    },
  );
}

/** `api.module.function` for every module: what `_generated/api` exports. */
export const anyApi = reference([]);

/** "module:function" for a reference (or the string itself). */
export function getFunctionName(ref) {
  return typeof ref === "string" ? ref : ref[functionName];
}

export function makeFunctionReference(name) {
  const [module, exported] = name.split(":");
  return reference([...module.split("/"), exported ?? "default"]);
}

export const paginationOptsValidator = v.object({ numItems: v.number(), cursor: v.union(v.string(), v.null()) });

/** The deployment's HTTP routes. */
export function httpRouter() {
  const routes = [];
  return {
    isRouter: true,
    routes,
    route(spec) {
      routes.push(spec);
    },
    lookup(path, method) {
      const found = routes.find((route) => route.method === method && (route.path === path || (route.pathPrefix && path.startsWith(route.pathPrefix))));
      return found ?? null;
    },
  };
}
