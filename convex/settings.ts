// settings:* — the caller's pacing preferences, embedded in the user document.
import type { Doc } from "./_generated/dataModel";
import { mutation, type MutationCtx } from "./_generated/server";
import { requireUser } from "./lib/auth";
import { nextSeq } from "./lib/changes";
import { bounded, checkSettings, isReplaced } from "./lib/rules";
import { settings, settingsFields } from "./lib/validators";
import type { ObjectType } from "convex/values";

/** Saves the settings when they are newer than the stored ones; returns what is stored. */
export const upsert = mutation({
  args: settingsFields,
  returns: settings,
  handler: async (ctx, incoming) => upsertSettings(ctx, await requireUser(ctx), incoming),
});

/** settings:upsert for `caller`, also run for settings in a sync:push batch. */
export async function upsertSettings(ctx: MutationCtx, caller: Doc<"users">, sent: ObjectType<typeof settingsFields>) {
  checkSettings(sent);
  const incoming = { ...sent, updatedAt: bounded(sent.updatedAt) };
  if (!isReplaced(caller.settings, incoming)) return caller.settings;
  const seq = await nextSeq(ctx, caller._id);
  await ctx.db.patch(caller._id, { settings: incoming, updatedAt: Math.max(caller.updatedAt, incoming.updatedAt), settingsSeq: seq });
  return incoming;
}
