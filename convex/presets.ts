// presets:* — the caller's quick drinks.
import { v, type ObjectType } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { mutation, query, type MutationCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { nextSeq, state } from "./lib/changes";
import { fail, notFound } from "./lib/errors";
import { bounded, checkAlcohol, checkTime, clientId, finiteNumbers, isReplaced, quotas } from "./lib/rules";
import { preset, presetFields } from "./lib/validators";

export function toPresetRecord(doc: Omit<Doc<"drinkPresets">, "_id" | "_creationTime">) {
  return {
    id: doc.clientId,
    name: doc.name,
    drinkType: doc.drinkType,
    sizeOz: doc.sizeOz,
    abv: doc.abv,
    standardDrinkEstimate: doc.standardDrinkEstimate,
    sortOrder: doc.sortOrder,
    updatedAt: doc.updatedAt,
    deletedAt: doc.deletedAt,
  };
}

/** Inserts or replaces (last write wins, deletes final) a preset; returns what is stored. */
export const upsert = mutation({
  args: anyArgs,
  returns: preset,
  handler: async (ctx, raw) => {
    const args = readArgs(presetFields, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    return upsertPreset(ctx, caller, args);
  },
});

/** presets:upsert for `caller`, also run for each preset of a sync:push batch. */
export async function upsertPreset(ctx: MutationCtx, caller: Doc<"users">, raw: ObjectType<typeof presetFields>) {
  const args = finiteNumbers(raw);
  const id = clientId("id", args.id);
  // Limits.presetNameBytes: padding or piles of combining marks are refused before trimming.
  if (new TextEncoder().encode(args.name).length > 256) fail("INVALID_ARGUMENT", "name: at most 256 bytes");
  const name = args.name.trim();
  if (name.length === 0) fail("INVALID_ARGUMENT", "name is required");
  if (name.length > 60) fail("INVALID_ARGUMENT", "name: at most 60 characters");
  // DrinkPreset.refusedInName: control characters (NUL, line breaks) and direction overrides and
  // isolates, which would hide or reorder what the name shows next to it on every device.
  if (/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(name)) {
    fail("INVALID_ARGUMENT", "name: no control or text-direction characters");
  }
  checkAlcohol(args);
  // A whole number, as every Swift client reads it (DrinkPreset.sortOrder is an Int).
  if (!Number.isSafeInteger(args.sortOrder)) fail("INVALID_ARGUMENT", `sortOrder must be a whole number (got ${args.sortOrder})`);
  checkTime("updatedAt", args.updatedAt);
  checkTime("deletedAt", args.deletedAt);
  const fields = {
    name, drinkType: args.drinkType, sizeOz: args.sizeOz, abv: args.abv, standardDrinkEstimate: args.standardDrinkEstimate,
    sortOrder: args.sortOrder, updatedAt: bounded(args.updatedAt), deletedAt: bounded(args.deletedAt),
  };
  // Ids are per account: another account's preset with the same id is another record.
  const existing = await ctx.db.query("drinkPresets").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();
  if (existing === null) {
    // Deleted presets free their place; counting them, an account keeps keptPerLive times as many.
    const quota = { limit: quotas.presetsPerAccount, what: "presets" };
    const seq = await nextSeq(ctx, caller._id, { kind: "drinkPresets", before: null, after: state(fields), quota });
    const doc = { owner: caller._id, clientId: id, ...fields, seq };
    await ctx.db.insert("drinkPresets", doc);
    return toPresetRecord(doc);
  }
  if (!isReplaced(existing, fields)) return toPresetRecord(existing);
  const seq = await nextSeq(ctx, caller._id, { kind: "drinkPresets", before: state(existing), after: state(fields) });
  const doc = { owner: caller._id, clientId: id, ...fields, seq };
  await ctx.db.replace(existing._id, doc);
  return toPresetRecord({ ...existing, ...doc });
}

/** Turns a preset into a tombstone. Exported as `delete`, a reserved word in JavaScript. */
const remove = mutation({
  args: anyArgs,
  returns: preset,
  handler: async (ctx, raw) => {
    const args = readArgs({ id: v.string(), deletedAt: v.number() }, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    const id = clientId("id", args.id);
    checkTime("deletedAt", args.deletedAt);
    const existing = await ctx.db.query("drinkPresets").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();
    if (existing === null) notFound("preset", id);
    if (existing.deletedAt !== undefined) return toPresetRecord(existing);
    const deletedAt = bounded(args.deletedAt);
    const seq = await nextSeq(ctx, caller._id, { kind: "drinkPresets", before: "live", after: "tombstone" });
    await ctx.db.patch(existing._id, { deletedAt, updatedAt: deletedAt, seq });
    return toPresetRecord({ ...existing, deletedAt, updatedAt: deletedAt, seq });
  },
});
export { remove as delete };

/** Every preset of the caller, tombstones included, by sort order. */
export const list = query({
  args: anyArgs,
  returns: v.array(preset),
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    const caller = await requireUser(ctx);
    const docs = await ctx.db.query("drinkPresets").withIndex("by_owner", (q) => q.eq("owner", caller._id)).collect();
    return docs.map(toPresetRecord);
  },
});
