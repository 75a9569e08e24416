// One-off data migrations, run from the dashboard or `npx convex run`.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { nextSeq } from "./lib/changes";

const perRun = 400;

/** Numbers up to `limit` of the user's records written before sync:pull existed, sessions first. */
async function numberSome(ctx: MutationCtx, owner: Id<"users">, limit: number): Promise<number> {
  let numbered = 0;
  for (const table of ["sessions", "drinkPresets", "logEntries"] as const) {
    if (numbered >= limit) break;
    const docs = await ctx.db.query(table).withIndex("by_owner_seq", (q) => q.eq("owner", owner).eq("seq", undefined)).take(limit - numbered);
    for (const doc of docs) {
      await ctx.db.patch(doc._id, { seq: await nextSeq(ctx, owner) });
      numbered += 1;
    }
  }
  return numbered;
}

/**
 * Gives every record written before the change sequence existed its number, so sync:pull
 * returns it: one user at a time, a few hundred records per run, rescheduling itself until
 * every user is done. Start it with `npx convex run migrations:numberUnsequenced '{}'`.
 */
export const numberUnsequenced = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db.query("users").paginate({ cursor: cursor ?? null, numItems: 1 });
    const user = page.page[0];
    if (user !== undefined) {
      const numbered = await numberSome(ctx, user._id, perRun);
      if (numbered === perRun) {
        // More of this user's records wait: the same page again.
        await ctx.scheduler.runAfter(0, internal.migrations.numberUnsequenced, { cursor: cursor ?? null });
        return null;
      }
      // Settings the person chose take a number too.
      const current = (await ctx.db.get(user._id))!;
      if (current.settingsSeq === undefined && current.settings.updatedAt > 0) {
        await ctx.db.patch(user._id, { settingsSeq: await nextSeq(ctx, user._id) });
      }
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.migrations.numberUnsequenced, { cursor: page.continueCursor });
    return null;
  },
});
