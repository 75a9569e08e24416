// settings:* — the caller's pacing preferences, embedded in the user document.
import type { Doc } from "./_generated/dataModel";
import { mutation, type MutationCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { nextSeq } from "./lib/changes";
import { bounded, checkSettings, finiteNumbers, laterSettingDefaults, mergeSettings } from "./lib/rules";
import { settings, settingsFields } from "./lib/validators";
import type { ObjectType } from "convex/values";

/** Saves the settings when they are newer than the stored ones; returns what is stored. */
export const upsert = mutation({
  args: anyArgs,
  returns: settings,
  handler: async (ctx, raw) => {
    const incoming = readArgs(settingsFields, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    return upsertSettings(ctx, caller, incoming);
  },
});

/** settings:upsert for `caller`, also run for settings in a sync:push batch. */
export async function upsertSettings(ctx: MutationCtx, caller: Doc<"users">, raw: ObjectType<typeof settingsFields>) {
  const sent = finiteNumbers(raw);
  checkSettings(sent);
  const fieldStamps = sent.fieldStamps === undefined ? undefined
    : Object.fromEntries(Object.entries(sent.fieldStamps).map(([name, stamp]) => [name, bounded(stamp)]));
  const incoming = { ...sent, updatedAt: bounded(sent.updatedAt), fieldStamps };
  if (fieldStamps === undefined) delete incoming.fieldStamps;
  // A setting a device older than it does not send was never chosen there (as Swift's
  // UserSettings decodes it), so it cannot undo a choice made on a newer device.
  for (const [field, value] of Object.entries(laterSettingDefaults)) {
    if ((sent as Record<string, unknown>)[field] !== undefined) continue;
    (incoming as Record<string, unknown>)[field] = value;
    incoming.fieldStamps = { ...(incoming.fieldStamps ?? {}), [field]: 0 };
  }
  // Setting by setting: another device's change to a different setting survives.
  const merged = mergeSettings(caller.settings, incoming);
  if (JSON.stringify(merged) === JSON.stringify(caller.settings)) return caller.settings;
  const seq = await nextSeq(ctx, caller._id);
  await ctx.db.patch(caller._id, { settings: merged, updatedAt: Math.max(caller.updatedAt, merged.updatedAt), settingsSeq: seq });
  return merged;
}
