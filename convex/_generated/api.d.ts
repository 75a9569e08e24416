/* The types of `api` and `internal` (see api.js). */
import type { ApiFromModules, FilterApi, FunctionReference } from "convex/server";
import type * as auth from "../auth.js";
import type * as http from "../http.js";
import type * as lib_auth from "../lib/auth.js";
import type * as lib_budget from "../lib/budget.js";
import type * as lib_changes from "../lib/changes.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_rules from "../lib/rules.js";
import type * as lib_tokens from "../lib/tokens.js";
import type * as lib_validators from "../lib/validators.js";
import type * as logEntries from "../logEntries.js";
import type * as migrations from "../migrations.js";
import type * as presets from "../presets.js";
import type * as sessions from "../sessions.js";
import type * as settings from "../settings.js";
import type * as sync from "../sync.js";
import type * as users from "../users.js";

declare const fullApi: ApiFromModules<{
  auth: typeof auth;
  http: typeof http;
  "lib/auth": typeof lib_auth;
  "lib/budget": typeof lib_budget;
  "lib/changes": typeof lib_changes;
  "lib/errors": typeof lib_errors;
  "lib/rules": typeof lib_rules;
  "lib/tokens": typeof lib_tokens;
  "lib/validators": typeof lib_validators;
  logEntries: typeof logEntries;
  migrations: typeof migrations;
  presets: typeof presets;
  sessions: typeof sessions;
  settings: typeof settings;
  sync: typeof sync;
  users: typeof users;
}>;
export declare const api: FilterApi<typeof fullApi, FunctionReference<any, "public">>;
export declare const internal: FilterApi<typeof fullApi, FunctionReference<any, "internal">>;
