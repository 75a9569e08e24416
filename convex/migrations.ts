// One-off data migrations, run from the dashboard or `npx convex run`.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
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

const countStep = 1_000;
/** Logs one run of countRecords reads at most (a session's whole, so it may go past by one session's). */
const logsPerRun = 10_000;

/**
 * Counts what each account made before counts were kept (lib/changes.ts): its sessions and
 * presets a thousand at a time, then each session's logs (a session whole, about ten thousand logs
 * a run), rescheduling itself with what it has counted so far until every user is done. Start it
 * once after deploying with `npx convex run migrations:countRecords '{}'`; an account reads as
 * empty until it is reached.
 */
export const countRecords = internalMutation({
  args: {
    cursor: v.optional(v.union(v.string(), v.null())),
    stage: v.optional(v.union(v.literal("sessions"), v.literal("drinkPresets"), v.literal("logEntries"))),
    after: v.optional(v.string()),
    counts: v.optional(v.object({ sessions: v.array(v.number()), drinkPresets: v.array(v.number()), logEntries: v.array(v.number()) })),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    const page = await ctx.db.query("users").paginate({ cursor: args.cursor ?? null, numItems: 1 });
    const user = page.page[0];
    if (user === undefined) return null;
    const again = (more: Record<string, unknown>) => ctx.scheduler.runAfter(0, internal.migrations.countRecords, { cursor: args.cursor ?? null, ...more });
    const stage = args.stage ?? "sessions";
    const counts = args.counts ?? { sessions: [0, 0], drinkPresets: [0, 0], logEntries: [0, 0] };
    const after = (q: any) => (args.after === undefined ? q.eq("owner", user._id) : q.eq("owner", user._id).gt("clientId", args.after));
    if (stage !== "logEntries") {
      const docs = await ctx.db.query(stage).withIndex("by_owner_clientId", after).take(countStep);
      for (const doc of docs) counts[stage] = [counts[stage][0] + 1, counts[stage][1] + (doc.deletedAt === undefined ? 1 : 0)];
      if (docs.length === countStep) await again({ stage, after: docs[docs.length - 1].clientId, counts });
      else await again({ stage: stage === "sessions" ? "drinkPresets" : "logEntries", counts });
      return null;
    }
    // Session by session: its logs counted onto it, and onto the account.
    let read = 0;
    let last: string | undefined;
    const sessions = await ctx.db.query("sessions").withIndex("by_owner_clientId", after).take(countStep);
    for (const session of sessions) {
      if (read >= logsPerRun) break;
      const logs = await ctx.db.query("logEntries").withIndex("by_session", (q) => q.eq("owner", user._id).eq("sessionClientId", session.clientId)).collect();
      const live = logs.filter((doc) => doc.deletedAt === undefined).length;
      await ctx.db.patch(session._id, { logCounts: { kept: logs.length, live } });
      counts.logEntries = [counts.logEntries[0] + logs.length, counts.logEntries[1] + live];
      read += logs.length;
      last = session.clientId;
    }
    if (last !== undefined && (read >= logsPerRun || sessions.length === countStep)) {
      await again({ stage, after: last, counts });
      return null;
    }
    const tally = ([kept, live]: number[]) => ({ kept, live });
    await ctx.db.patch(user._id, { counts: { sessions: tally(counts.sessions), drinkPresets: tally(counts.drinkPresets), logEntries: tally(counts.logEntries) } });
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.migrations.countRecords, { cursor: page.continueCursor });
    return null;
  },
});
