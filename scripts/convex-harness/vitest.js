// What the Convex tests import from "vitest", for running them here with Node alone (see
// values.js for why): describe/test, expect (expect.js), and the few `vi` helpers they use.
// `run` runs every registered test in order and prints a summary in vitest's words.
import { expect } from "./expect.js";

export { expect };

const tests = [];
const suites = [];
let currentFile = "";

/** The file whose tests are registered next. */
export function setFile(name) {
  currentFile = name;
}
const hooks = { beforeEach: [], afterEach: [] };

export function describe(name, body) {
  suites.push(name);
  try {
    body();
  } finally {
    suites.pop();
  }
}

export function test(name, body) {
  tests.push({ file: currentFile, name: [...suites, name].join(" › "), body });
}
test.skip = (name) => tests.push({ file: currentFile, name: [...suites, name].join(" › "), skip: true });
export const it = test;

export function beforeEach(body) {
  hooks.beforeEach.push(body);
}

export function afterEach(body) {
  hooks.afterEach.push(body);
}

const stubbed = new Map();
let realNow = null;

export const vi = {
  stubGlobal(name, value) {
    if (!stubbed.has(name)) stubbed.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    globalThis[name] = value;
  },
  unstubAllGlobals() {
    for (const [name, descriptor] of stubbed) {
      if (descriptor === undefined) delete globalThis[name];
      else Object.defineProperty(globalThis, name, descriptor);
    }
    stubbed.clear();
  },
  // Fake timers here fake the clock only (`Date.now()`, which is what convex/ reads); the
  // backend runs scheduled functions when the test asks for them, so there are no timers to run.
  useFakeTimers() {
    if (realNow === null) realNow = Date.now;
  },
  setSystemTime(time) {
    if (realNow === null) realNow = Date.now;
    const fixed = typeof time === "number" ? time : new Date(time).getTime();
    Date.now = () => fixed;
  },
  useRealTimers() {
    if (realNow !== null) Date.now = realNow;
    realNow = null;
  },
  runAllTimers() {},
  fn(implementation = () => undefined) {
    const calls = [];
    const mock = (...args) => {
      calls.push(args);
      return implementation(...args);
    };
    mock.mock = { calls };
    return mock;
  },
};

/** Runs every test; resolves to the number that failed. */
export async function run({ after } = {}) {
  const started = Date.now();
  let passed = 0;
  let skipped = 0;
  const failed = [];
  let file = null;
  for (const { file: testFile, name, body, skip } of tests) {
    if (testFile !== file) {
      file = testFile;
      console.log(` ${file}`);
    }
    if (skip) {
      skipped += 1;
      console.log(`  ↓ ${name} (skipped)`);
      continue;
    }
    const began = Date.now();
    try {
      for (const hook of hooks.beforeEach) await hook();
      await body();
      for (const hook of hooks.afterEach) await hook();
      passed += 1;
      console.log(`  ✓ ${name} ${Date.now() - began}ms`);
    } catch (error) {
      failed.push({ file: testFile, name, error });
      console.log(`  × ${name}`);
      console.log(`    ${String(error?.stack ?? error).split("\n").slice(0, 6).join("\n    ")}`);
      if (error?.data !== undefined) console.log(`    data: ${JSON.stringify(error.data)}`);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  }
  const total = passed + failed.length + skipped;
  const extra = after ? await after() : 0;
  console.log("");
  const files = [...new Set(tests.map((entry) => entry.file))];
  const failedFiles = new Set(failed.map((entry) => entry.file)).size;
  console.log(` Test Files  ${failedFiles > 0 ? `${failedFiles} failed | ` : ""}${files.length - failedFiles} passed (${files.length})`);
  console.log(`      Tests  ${failed.length > 0 ? `${failed.length} failed | ` : ""}${passed} passed${skipped > 0 ? ` | ${skipped} skipped` : ""} (${total})`);
  console.log(`   Duration  ${Date.now() - started}ms`);
  return failed.length + extra;
}
