// sessions:* — the caller's nights out.
import { v, type ObjectType } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { mutation, query, type MutationCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { nextSeq, state } from "./lib/changes";
import { fail } from "./lib/errors";
import { bounded, checkSummary, checkTime, clientId, finiteNumbers, isReplaced, outOfRange, quotas } from "./lib/rules";
import { session, sessionFields } from "./lib/validators";

export function toSessionRecord(doc: Omit<Doc<"sessions">, "_id" | "_creationTime">) {
  return {
    id: doc.clientId,
    startTime: doc.startTime,
    endTime: doc.endTime,
    isActive: doc.isActive,
    computedSummary: doc.computedSummary,
    updatedAt: doc.updatedAt,
    deletedAt: doc.deletedAt,
    plannedDrinks: doc.plannedDrinks,
  };
}

/** Inserts or replaces (last write wins, deletes final) a session; returns what is stored. */
export const upsert = mutation({
  args: anyArgs,
  returns: session,
  handler: async (ctx, raw) => {
    const args = readArgs(sessionFields, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    return upsertSession(ctx, caller, args);
  },
});

/** sessions:upsert for `caller`, also run for each session of a sync:push batch. */
export async function upsertSession(ctx: MutationCtx, caller: Doc<"users">, raw: ObjectType<typeof sessionFields>) {
  const args = finiteNumbers(raw);
  const id = clientId("id", args.id);
  checkTime("startTime", args.startTime);
  checkTime("endTime", args.endTime);
  checkTime("updatedAt", args.updatedAt);
  checkTime("deletedAt", args.deletedAt);
  if (args.endTime !== undefined && args.endTime < args.startTime) fail("INVALID_ARGUMENT", "endTime: a session cannot end before it starts");
  if (args.endTime !== undefined && args.isActive) fail("INVALID_ARGUMENT", "isActive: an ended session cannot be active");
  checkSummary(args.computedSummary);
  const plan = args.plannedDrinks;
  if (plan !== undefined && !(Number.isInteger(plan) && plan >= 1 && plan <= 30)) outOfRange("plannedDrinks", plan, "a whole number from 1 to 30");

  // Ids are per account: another account's session with the same id is another record.
  const existing = await ctx.db.query("sessions").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();

  const fields = {
    startTime: args.startTime, endTime: args.endTime, isActive: args.isActive, computedSummary: args.computedSummary,
    updatedAt: bounded(args.updatedAt), deletedAt: bounded(args.deletedAt), plannedDrinks: args.plannedDrinks,
  };
  if (existing !== null && !isReplaced(existing, fields)) return toSessionRecord(existing);
  if (fields.isActive && fields.deletedAt === undefined) {
    // At most two live running sessions can be there (this one, and one other to refuse).
    const active = await ctx.db
      .query("sessions")
      .withIndex("by_owner_active", (q) => q.eq("owner", caller._id).eq("isActive", true).eq("deletedAt", undefined))
      .take(2);
    const other = active.find((doc) => doc.clientId !== id);
    if (other !== undefined) fail("CONFLICT", `session ${other.clientId} is already active; end it first`);
  }
  if (existing === null) {
    // Deleted sessions free their place; the account's kept counts say how many it holds.
    const quota = { limit: quotas.sessionsPerAccount, what: "sessions" };
    const seq = await nextSeq(ctx, caller._id, { kind: "sessions", before: null, after: state(fields), quota });
    const doc = { owner: caller._id, clientId: id, ...fields, seq };
    await ctx.db.insert("sessions", doc);
    return toSessionRecord(doc);
  }
  const seq = await nextSeq(ctx, caller._id, { kind: "sessions", before: state(existing), after: state(fields) });
  // The session's log counts stay with it.
  const doc = { owner: caller._id, clientId: id, ...fields, seq, logCounts: existing.logCounts };
  await ctx.db.replace(existing._id, doc);
  return toSessionRecord({ ...existing, ...doc });
}

/** The caller's active session, or null. */
export const getActive = query({
  args: anyArgs,
  returns: v.union(session, v.null()),
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    const caller = await requireUser(ctx);
    const active = await ctx.db
      .query("sessions")
      .withIndex("by_owner_active", (q) => q.eq("owner", caller._id).eq("isActive", true).eq("deletedAt", undefined))
      .first();
    return active === null ? null : toSessionRecord(active);
  },
});

/**
 * The most sessions one sessions:list answers: an account's live sessions at their quota and more,
 * inside Convex's 32,000 documents scanned. Past it the call is refused, pointing at sync:pull,
 * which pages through any number.
 */
export const listLimit = 25_000;

/**
 * Sessions changed after updatedSince (all without it), tombstones included, newest start first.
 * Read as a range of `by_owner_updatedAt`: only the sessions changed since are scanned.
 */
export const list = query({
  args: anyArgs,
  returns: v.array(session),
  handler: async (ctx, raw) => {
    const { updatedSince } = readArgs({ updatedSince: v.optional(v.number()) }, raw);
    const caller = await requireUser(ctx);
    if (updatedSince !== undefined && !Number.isFinite(updatedSince)) fail("INVALID_ARGUMENT", "updatedSince: a time in milliseconds since 1970");
    const docs = await ctx.db
      .query("sessions")
      .withIndex("by_owner_updatedAt", (q) => (updatedSince === undefined ? q.eq("owner", caller._id) : q.eq("owner", caller._id).gt("updatedAt", updatedSince)))
      .take(listLimit + 1);
    if (docs.length > listLimit) {
      fail("INVALID_ARGUMENT", `more than ${listLimit} sessions changed since updatedSince; ask from a later time, or page with sync:pull`);
    }
    return docs.sort((a, b) => b.startTime - a.startTime).map(toSessionRecord);
  },
});
