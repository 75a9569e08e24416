// sessions:* — the caller's nights out.
import { v, type ObjectType } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { mutation, query, type MutationCtx } from "./_generated/server";
import { requireUser } from "./lib/auth";
import { nextSeq, state } from "./lib/changes";
import { fail } from "./lib/errors";
import { bounded, checkSummary, checkTime, clientId, isReplaced, quotas } from "./lib/rules";
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
  };
}

/** Inserts or replaces (last write wins, deletes final) a session; returns what is stored. */
export const upsert = mutation({
  args: sessionFields,
  returns: session,
  handler: async (ctx, args) => upsertSession(ctx, await requireUser(ctx), args),
});

/** sessions:upsert for `caller`, also run for each session of a sync:push batch. */
export async function upsertSession(ctx: MutationCtx, caller: Doc<"users">, args: ObjectType<typeof sessionFields>) {
  const id = clientId("id", args.id);
  checkTime("startTime", args.startTime);
  checkTime("endTime", args.endTime);
  checkTime("updatedAt", args.updatedAt);
  checkTime("deletedAt", args.deletedAt);
  if (args.endTime !== undefined && args.endTime < args.startTime) fail("INVALID_ARGUMENT", "endTime: a session cannot end before it starts");
  if (args.endTime !== undefined && args.isActive) fail("INVALID_ARGUMENT", "isActive: an ended session cannot be active");
  checkSummary(args.computedSummary);

  // Ids are per account: another account's session with the same id is another record.
  const existing = await ctx.db.query("sessions").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();

  const fields = {
    startTime: args.startTime, endTime: args.endTime, isActive: args.isActive, computedSummary: args.computedSummary,
    updatedAt: bounded(args.updatedAt), deletedAt: bounded(args.deletedAt),
  };
  if (existing !== null && !isReplaced(existing, fields)) return toSessionRecord(existing);
  if (fields.isActive && fields.deletedAt === undefined) {
    const active = await ctx.db
      .query("sessions")
      .withIndex("by_owner_active", (q) => q.eq("owner", caller._id).eq("isActive", true))
      .filter((q) => q.eq(q.field("deletedAt"), undefined))
      .collect();
    const other = active.find((doc) => doc.clientId !== id);
    if (other !== undefined) fail("CONFLICT", `session ${other.clientId} is already active; end it first`);
  }
  if (existing === null) {
    // Deleted nights free their place; the account's kept counts say how many it holds.
    const quota = { limit: quotas.sessionsPerAccount, what: "sessions" };
    const seq = await nextSeq(ctx, caller._id, { kind: "sessions", before: null, after: state(fields), quota });
    const doc = { owner: caller._id, clientId: id, ...fields, seq };
    await ctx.db.insert("sessions", doc);
    return toSessionRecord(doc);
  }
  const seq = await nextSeq(ctx, caller._id, { kind: "sessions", before: state(existing), after: state(fields) });
  // The night's log counts stay with it.
  const doc = { owner: caller._id, clientId: id, ...fields, seq, logCounts: existing.logCounts };
  await ctx.db.replace(existing._id, doc);
  return toSessionRecord({ ...existing, ...doc });
}

/** The caller's active session, or null. */
export const getActive = query({
  args: {},
  returns: v.union(session, v.null()),
  handler: async (ctx) => {
    const caller = await requireUser(ctx);
    const active = await ctx.db
      .query("sessions")
      .withIndex("by_owner_active", (q) => q.eq("owner", caller._id).eq("isActive", true))
      .filter((q) => q.eq(q.field("deletedAt"), undefined))
      .first();
    return active === null ? null : toSessionRecord(active);
  },
});

/** Sessions changed after updatedSince (all without it), tombstones included, newest start first. */
export const list = query({
  args: { updatedSince: v.optional(v.number()) },
  returns: v.array(session),
  handler: async (ctx, { updatedSince }) => {
    const caller = await requireUser(ctx);
    const docs = await ctx.db.query("sessions").withIndex("by_owner", (q) => q.eq("owner", caller._id)).order("desc").collect();
    return docs.filter((doc) => updatedSince === undefined || doc.updatedAt > updatedSince).map(toSessionRecord);
  },
});
