// The stand-in backend refuses what Convex refuses: if it let these through, the Convex tests
// that pass on it would prove less than they claim.
import { convexTest } from "convex-test";
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
});
