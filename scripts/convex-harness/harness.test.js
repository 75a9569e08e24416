// The stand-in backend refuses what Convex refuses: if it let these through, the Convex tests
// that pass on it would prove less than they claim.
import { convexTest } from "convex-test";
import { defaultLimits } from "./limits.js";
import { defineSchema, defineTable, internalMutationGeneric, mutationGeneric, queryGeneric, anyApi } from "convex/server";
import { ConvexError, v } from "convex/values";
import { describe, expect, test } from "vitest";

const schema = defineSchema({
  notes: defineTable({ owner: v.string(), rank: v.optional(v.number()), text: v.string() }).index("by_owner_rank", ["owner", "rank"]),
});

const functions = {
  add: mutationGeneric({
    args: { owner: v.string(), rank: v.optional(v.number()), text: v.string() },
    returns: v.string(),
    handler: async (ctx, args) => ctx.db.insert("notes", args),
  }),
  addThenFail: mutationGeneric({
    args: { text: v.string() },
    handler: async (ctx, { text }) => {
      await ctx.db.insert("notes", { owner: "a", text });
      throw new ConvexError({ code: "CONFLICT", message: "after a write" });
    },
  }),
  addBadDocument: mutationGeneric({ args: {}, handler: async (ctx) => ctx.db.insert("notes", { owner: "a", text: 5 }) }),
  wrongReturn: queryGeneric({ args: {}, returns: v.number(), handler: async () => "not a number" }),
  byRank: queryGeneric({
    args: { owner: v.string(), after: v.optional(v.number()) },
    handler: async (ctx, { owner, after }) =>
      (await ctx.db.query("notes").withIndex("by_owner_rank", (q) => (after === undefined ? q.eq("owner", owner) : q.eq("owner", owner).gt("rank", after))).collect())
        .map((note) => note.text),
  }),
  unknownIndex: queryGeneric({ args: {}, handler: async (ctx) => ctx.db.query("notes").withIndex("by_text", (q) => q.eq("text", "x")).collect() }),
  wrongFieldOrder: queryGeneric({ args: {}, handler: async (ctx) => ctx.db.query("notes").withIndex("by_owner_rank", (q) => q.eq("rank", 1)).collect() }),
  twoForUnique: queryGeneric({ args: {}, handler: async (ctx) => ctx.db.query("notes").withIndex("by_owner_rank", (q) => q.eq("owner", "a")).unique() }),
  writeInQuery: queryGeneric({ args: {}, handler: async (ctx) => ctx.db.insert("notes", { owner: "a", text: "x" }) }),
  readAll: queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("notes").collect()).length }),
  readFiltered: queryGeneric({
    args: {},
    handler: async (ctx) => (await ctx.db.query("notes").filter((q) => q.eq(q.field("text"), "never")).take(1)).length,
  }),
  getMany: queryGeneric({
    args: { ids: v.array(v.id("notes")) },
    handler: async (ctx, { ids }) => {
      for (const id of ids) await ctx.db.get(id);
      return ids.length;
    },
  }),
  addMany: mutationGeneric({
    args: { count: v.number(), text: v.optional(v.string()) },
    handler: async (ctx, { count, text }) => {
      for (let i = 0; i < count; i++) await ctx.db.insert("notes", { owner: "m", text: text ?? "x" });
      return null;
    },
  }),
  touchTwice: mutationGeneric({
    args: { id: v.id("notes") },
    handler: async (ctx, { id }) => {
      await ctx.db.patch(id, { text: "one" });
      await ctx.db.patch(id, { text: "two" });
      return null;
    },
  }),
  echo: queryGeneric({ args: { value: v.any() }, handler: async (_ctx, { value }) => value }),
  dollarDocument: mutationGeneric({ args: {}, handler: async (ctx) => ctx.db.insert("notes", { owner: "a", text: "x", rank: undefined, ...{ meta: undefined } }) }),
  twoPages: queryGeneric({
    args: {},
    handler: async (ctx) => {
      await ctx.db.query("notes").paginate({ cursor: null, numItems: 1 });
      await ctx.db.query("notes").paginate({ cursor: null, numItems: 1 });
      return null;
    },
  }),
  twoLowerBounds: queryGeneric({
    args: {},
    handler: async (ctx) => ctx.db.query("notes").withIndex("by_owner_rank", (q) => q.eq("owner", "a").gt("rank", 1).gt("rank", 2)).collect(),
  }),
  between: queryGeneric({
    args: {},
    handler: async (ctx) => (await ctx.db.query("notes").withIndex("by_owner_rank", (q) => q.eq("owner", "a").gt("rank", 1).lt("rank", 3)).collect()).map((n) => n.text),
  }),
  scheduleMany: mutationGeneric({
    args: { count: v.number() },
    handler: async (ctx, { count }) => {
      for (let i = 0; i < count; i++) await ctx.scheduler.runAfter(60_000, anyApi.notes.add, { owner: "later", text: String(i) });
      return null;
    },
  }),
  scheduleNow: mutationGeneric({
    args: {},
    handler: async (ctx) => {
      await ctx.scheduler.runAfter(0, anyApi.notes.add, { owner: "soon", text: "ran" });
      await ctx.scheduler.runAfter(0, anyApi.notes.addThenFail, { text: "fails" });
      return null;
    },
  }),
  jobs: queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((job) => [job.name, job.state.kind]) }),
  systemThroughDb: queryGeneric({ args: {}, handler: async (ctx) => ctx.db.query("_scheduled_functions").collect() }),
  unrank: internalMutationGeneric({
    args: { id: v.id("notes") },
    handler: async (ctx, { id }) => {
      await ctx.db.patch(id, { rank: undefined });
      return await ctx.db.get(id);
    },
  }),
};
const modules = { "./_generated/api.js": async () => ({}), "./notes.js": async () => functions };
const api = anyApi;
const rejection = async (promise) => {
  try {
    await promise;
  } catch (error) {
    return String(error?.message ?? error);
  }
  return "resolved";
};

describe("the stand-in backend (scripts/convex-harness)", () => {
  test("arguments: an undeclared field, a missing one and a wrong type are refused before the handler runs", async () => {
    const t = convexTest(schema, modules);
    expect(await rejection(t.mutation(api.notes.add, { owner: "a", text: "x", extra: 1 }))).toContain("extra field `extra`");
    expect(await rejection(t.mutation(api.notes.add, { owner: "a" }))).toContain("missing the required field `text`");
    expect(await rejection(t.mutation(api.notes.add, { owner: "a", text: 3 }))).toContain("text: expected a string");
    expect(await t.query(api.notes.byRank, { owner: "a" })).toEqual([]);
  });

  test("documents are checked against the schema, and a value returned against `returns`", async () => {
    const t = convexTest(schema, modules);
    expect(await rejection(t.mutation(api.notes.addBadDocument, {}))).toContain("does not match the schema");
    expect(await rejection(t.query(api.notes.wrongReturn, {}))).toContain("ReturnsValidationError");
  });

  test("a mutation that throws after writing leaves nothing written; its error reaches the caller whole", async () => {
    const t = convexTest(schema, modules);
    await expect(t.mutation(api.notes.addThenFail, { text: "x" })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await t.run(async (ctx) => expect(await ctx.db.query("notes").collect()).toEqual([]));
  });

  test("indexes: they must exist, be ranged field by field, and order by their fields, missing values first", async () => {
    const t = convexTest(schema, modules);
    await t.mutation(api.notes.add, { owner: "a", rank: 2, text: "second" });
    await t.mutation(api.notes.add, { owner: "a", text: "unranked" });
    await t.mutation(api.notes.add, { owner: "a", rank: 1, text: "first" });
    await t.mutation(api.notes.add, { owner: "b", rank: 0, text: "theirs" });
    expect(await t.query(api.notes.byRank, { owner: "a" })).toEqual(["unranked", "first", "second"]);
    expect(await t.query(api.notes.byRank, { owner: "a", after: 1 })).toEqual(["second"]);
    expect(await rejection(t.query(api.notes.unknownIndex, {}))).toContain("not defined in the schema");
    expect(await rejection(t.query(api.notes.wrongFieldOrder, {}))).toContain("expected a condition on \"owner\"");
    expect(await rejection(t.query(api.notes.twoForUnique, {}))).toContain("unique()");
  });

  test("queries cannot write; a patch to undefined removes the field", async () => {
    const t = convexTest(schema, modules);
    expect(await rejection(t.query(api.notes.writeInQuery, {}))).not.toBe("resolved");
    const id = await t.mutation(api.notes.add, { owner: "a", rank: 4, text: "x" });
    const after = await t.mutation(api.notes.unrank, { id });
    expect("rank" in after).toBe(false);
    expect(await rejection(t.mutation(api.notes.unrank, { id: "users|1" }))).toContain("expected an id of table \"notes\"");
  });

  test("each limit holds at its bound and refuses one past it (here set low; Convex's own are the defaults)", async () => {
    expect(defaultLimits).toMatchObject({ documentsRead: 32_000, databaseQueries: 4_096, documentsWritten: 16_000, functionsScheduled: 1_000 });
    const t = convexTest({ schema, modules, transactionLimits: { documentsRead: 10, databaseQueries: 5, documentsWritten: 4, functionsScheduled: 3, bytesRead: 10_000, bytesWritten: 400, argumentsBytes: 200, returnBytes: 200 } });
    await t.mutation(api.notes.addMany, { count: 4 });
    expect(await rejection(t.mutation(api.notes.addMany, { count: 5 }))).toContain("Wrote too many documents");
    await t.mutation(api.notes.addMany, { count: 4 });
    await t.mutation(api.notes.addMany, { count: 2 });
    expect(await t.query(api.notes.readAll, {})).toBe(10);
    await t.mutation(api.notes.addMany, { count: 1 });
    expect(await rejection(t.query(api.notes.readAll, {}))).toContain("Scanned too many documents");
    // Documents a filter passes over count as scanned.
    expect(await rejection(t.query(api.notes.readFiltered, {}))).toContain("Scanned too many documents");
    const ids = await t.run(async (ctx) => (await ctx.db.query("notes").take(6)).map((note) => note._id));
    expect(await t.query(api.notes.getMany, { ids: ids.slice(0, 5) })).toBe(5);
    expect(await rejection(t.query(api.notes.getMany, { ids: ids.slice(0, 6) }))).toContain("Too many index ranges");
    // Each write counts, the same document written twice included (2 patches: 2 of the 4).
    await t.mutation(api.notes.touchTwice, { id: ids[0] });
    await t.mutation(api.notes.scheduleMany, { count: 3 });
    expect(await rejection(t.mutation(api.notes.scheduleMany, { count: 4 }))).toContain("Scheduled too many functions");
    expect(await t.query(api.notes.echo, { value: "a".repeat(150) })).toHaveLength(150);
    expect(await rejection(t.query(api.notes.echo, { value: "a".repeat(250) }))).toContain("too large");
    // A limit named as the real convex-test does not name it would be ignored there: refused here.
    expect(() => convexTest({ schema, modules, transactionLimits: { documentsScanned: 10 } })).toThrow("no limit named documentsScanned");
    const limited = convexTest({ schema, modules, transactionLimits: { bytesRead: 100, bytesWritten: 400 } });
    await limited.mutation(api.notes.addMany, { count: 3 });
    expect(await rejection(limited.query(api.notes.readAll, {}))).toContain("Read too much data");
    expect(await rejection(limited.mutation(api.notes.addMany, { count: 1, text: "y".repeat(500) }))).toContain("Wrote too much data");
    // Counted, not enforced, when asked.
    const counting = convexTest({ schema, modules, transactionLimits: false });
    await counting.mutation(api.notes.addMany, { count: 20 });
    expect(await counting.query(api.notes.readAll, {})).toBe(20);
  });

  test("keys beginning with $ are refused in arguments, documents and answers; one paginate per execution; at most one bound each way", async () => {
    const t = convexTest(schema, modules);
    expect(await rejection(t.query(api.notes.echo, { value: { $where: 1 } }))).toContain("starts with a \"$\"");
    expect(await rejection(t.mutation(api.notes.add, { owner: "a", text: "x", $extra: 1 }))).toContain("starts with a \"$\"");
    await t.mutation(api.notes.add, { owner: "a", rank: 1, text: "one" });
    await t.mutation(api.notes.add, { owner: "a", rank: 2, text: "two" });
    await t.mutation(api.notes.add, { owner: "a", rank: 3, text: "three" });
    expect(await rejection(t.query(api.notes.twoPages, {}))).toContain("single paginated query");
    expect(await rejection(t.query(api.notes.twoLowerBounds, {}))).toContain("at most one lower and one upper bound");
    expect(await t.query(api.notes.between, {})).toEqual(["two"]);
    expect(await rejection(t.run(async (ctx) => ctx.db.insert("notes", { owner: "a", text: "x", $note: 1 })))).toContain("starts with a \"$\"");
  });

  test("scheduled functions run by themselves when due; a failure is recorded, not thrown; db.system reads them", async () => {
    const t = convexTest(schema, modules);
    await t.mutation(api.notes.scheduleNow, {});
    await t.finishInProgressScheduledFunctions();
    await t.finishAllScheduledFunctions(() => {});
    expect(await t.query(api.notes.byRank, { owner: "soon" })).toEqual(["ran"]);
    expect((await t.query(api.notes.jobs, {})).sort()).toEqual([["notes:add", "success"], ["notes:addThenFail", "failed"]]);
    expect(await rejection(t.query(api.notes.systemThroughDb, {}))).toContain("system table");
  });
});
