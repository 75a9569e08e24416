// Every module of convex/, for the test backend (convex-test, or scripts/convex-harness here).
// A list rather than `import.meta.glob` so the tests also bundle without Vite; scripts/test-convex
// checks that it names every file Convex deploys as a module. This file and helpers.testing.ts
// have two dots in their names so that Convex does not deploy them (they import test packages).
export const modules: Record<string, () => Promise<unknown>> = {
  "../_generated/api.js": () => import("../_generated/api.js"),
  "../_generated/server.js": () => import("../_generated/server.js"),
  "../apple.ts": () => import("../apple"),
  "../auth.ts": () => import("../auth"),
  "../http.ts": () => import("../http"),
  "../lib/apple.ts": () => import("../lib/apple"),
  "../lib/arguments.ts": () => import("../lib/arguments"),
  "../lib/auth.ts": () => import("../lib/auth"),
  "../lib/budget.ts": () => import("../lib/budget"),
  "../lib/changes.ts": () => import("../lib/changes"),
  "../lib/errors.ts": () => import("../lib/errors"),
  "../lib/rules.ts": () => import("../lib/rules"),
  "../lib/tokens.ts": () => import("../lib/tokens"),
  "../lib/validators.ts": () => import("../lib/validators"),
  "../logEntries.ts": () => import("../logEntries"),
  "../migrations.ts": () => import("../migrations"),
  "../presets.ts": () => import("../presets"),
  "../schema.ts": () => import("../schema"),
  "../sessions.ts": () => import("../sessions"),
  "../settings.ts": () => import("../settings"),
  "../sync.ts": () => import("../sync"),
  "../users.ts": () => import("../users"),
};
