// logEntries:* — the drinks and waters of the caller's sessions.
import { v, type ObjectType } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { mutation, query, type MutationCtx, type QueryCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { adjusted, checkRoom, nextSeq, state } from "./lib/changes";
import { fail, notFound } from "./lib/errors";
import { bounded, checkAlcohol, checkRange, checkTime, clientId, finiteNumbers, isReplaced, quotas } from "./lib/rules";
import { logEntry, logEntryFields } from "./lib/validators";

export function toLogRecord(doc: Omit<Doc<"logEntries">, "_id" | "_creationTime">) {
  return {
    id: doc.clientId,
    sessionId: doc.sessionClientId,
    timestamp: doc.timestamp,
    type: doc.type,
    alcoholMeta: doc.alcoholMeta,
    waterMeta: doc.waterMeta,
    source: doc.source,
    updatedAt: doc.updatedAt,
    deletedAt: doc.deletedAt,
  };
}

type LogFields = Omit<Doc<"logEntries">, "_id" | "_creationTime" | "owner" | "clientId" | "seq">;

/**
 * Stores `fields` for the log `id` of `owner` (`existing`, or a new one) under the replace rule,
 * keeping the counts of the sessions it leaves and lands in, and the account's; returns what is stored.
 */
async function write(
  ctx: MutationCtx, owner: Doc<"users">["_id"], id: string, existing: Doc<"logEntries"> | null, fields: LogFields, landing: Doc<"sessions">,
) {
  if (existing !== null && !isReplaced(existing, fields)) return toLogRecord(existing);
  const before = state(existing), after = state(fields);
  const seq = await nextSeq(ctx, owner, { kind: "logEntries", before, after });
  const doc = { owner, clientId: id, ...fields, seq };
  if (existing === null) await ctx.db.insert("logEntries", doc);
  else await ctx.db.replace(existing._id, doc);
  if (existing !== null && existing.sessionClientId !== fields.sessionClientId) {
    await recount(ctx, owner, existing.sessionClientId, before, null);
    await recount(ctx, owner, landing, null, after);
  } else {
    await recount(ctx, owner, landing, before, after);
  }
  return toLogRecord(doc);
}

/** Moves the log counts of `owner`'s session (read now when given by id) for one log going from `before` to `after`. */
async function recount(
  ctx: MutationCtx, owner: Doc<"users">["_id"], session: Doc<"sessions"> | string, before: "live" | "tombstone" | null, after: "live" | "tombstone" | null,
) {
  if (before === after) return;
  const doc = typeof session !== "string" ? session
    : await ctx.db.query("sessions").withIndex("by_owner_clientId", (q) => q.eq("owner", owner).eq("clientId", session)).unique();
  if (doc !== null) await ctx.db.patch(doc._id, { logCounts: adjusted(doc.logCounts, before, after) });
}

async function requireSession(ctx: QueryCtx, owner: Doc<"users">["_id"], sessionId: string) {
  const session = await ctx.db.query("sessions").withIndex("by_owner_clientId", (q) => q.eq("owner", owner).eq("clientId", sessionId)).unique();
  if (session === null) notFound("session", sessionId);
  return session;
}

/** Inserts or replaces (last write wins, deletes final) a log of one of the caller's sessions. */
export const upsert = mutation({
  args: anyArgs,
  returns: logEntry,
  handler: async (ctx, raw) => {
    const args = readArgs(logEntryFields, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    return upsertLog(ctx, caller, args);
  },
});

/** logEntries:upsert for `caller`, also run for each log of a sync:push batch. */
export async function upsertLog(ctx: MutationCtx, caller: Doc<"users">, raw: ObjectType<typeof logEntryFields>) {
  const args = finiteNumbers(raw);
  const id = clientId("id", args.id);
  const sessionId = clientId("sessionId", args.sessionId);
  checkTime("timestamp", args.timestamp);
  checkTime("updatedAt", args.updatedAt);
  checkTime("deletedAt", args.deletedAt);
  if (args.type === "alcohol") {
    if (args.alcoholMeta === undefined) fail("INVALID_ARGUMENT", "alcoholMeta is required");
    if (args.waterMeta !== undefined) fail("INVALID_ARGUMENT", "waterMeta: an alcohol entry has no water amount");
    checkAlcohol(args.alcoholMeta);
  } else {
    if (args.waterMeta === undefined) fail("INVALID_ARGUMENT", "waterMeta is required");
    if (args.alcoholMeta !== undefined) fail("INVALID_ARGUMENT", "alcoholMeta: a water entry has no drink details");
    checkRange("amountOz", args.waterMeta.amountOz, 0.5, 64, false, "oz");
  }
  const session = await requireSession(ctx, caller._id, sessionId);
  const known = await ctx.db.query("logEntries").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();
  // The preset a drink came from is a preset's id, as every client reads it: anything else (a
  // 200 KB string) would be stored and then stop every device's pull at this record.
  const presetId = args.alcoholMeta?.presetId === undefined ? undefined : clientId("alcoholMeta.presetId", args.alcoholMeta.presetId);
  const alcoholMeta = args.alcoholMeta === undefined ? undefined : { ...args.alcoholMeta, presetId };
  if (alcoholMeta !== undefined && presetId === undefined) delete alcoholMeta.presetId;
  const fields = {
    sessionClientId: sessionId, timestamp: args.timestamp, type: args.type, alcoholMeta,
    waterMeta: args.waterMeta, source: args.source, updatedAt: bounded(args.updatedAt), deletedAt: bounded(args.deletedAt),
  };
  // New here, or moved from another session: the session it lands in is checked as for a new entry.
  if ((known === null || known.sessionClientId !== sessionId) && (known === null || isReplaced(known, fields))) {
    // A deleted session takes no new entries; changes to the ones it had still arrive, and so
    // does a tombstone (a device that deleted an entry it never pushed, then the session).
    if (session.deletedAt !== undefined && args.deletedAt === undefined) notFound("session", sessionId);
    // Undone entries free their place; the session's kept counts say how many it holds.
    checkRoom(session.logCounts, quotas.logsPerSession, args.deletedAt === undefined, "a session", "logs");
  }
  return await write(ctx, caller._id, id, known, fields, session);
}

/** Turns a log into a tombstone. Exported as `delete`, a reserved word in JavaScript. */
const remove = mutation({
  args: anyArgs,
  returns: logEntry,
  handler: async (ctx, raw) => {
    const args = readArgs({ id: v.string(), deletedAt: v.number() }, raw);
    const caller = await requireUser(ctx);
    await spendWrites(ctx, caller, 1);
    const id = clientId("id", args.id);
    checkTime("deletedAt", args.deletedAt);
    const existing = await ctx.db.query("logEntries").withIndex("by_owner_clientId", (q) => q.eq("owner", caller._id).eq("clientId", id)).unique();
    if (existing === null) notFound("log entry", id);
    if (existing.deletedAt !== undefined) return toLogRecord(existing);
    const deletedAt = bounded(args.deletedAt);
    const seq = await nextSeq(ctx, caller._id, { kind: "logEntries", before: "live", after: "tombstone" });
    await ctx.db.patch(existing._id, { deletedAt, updatedAt: deletedAt, seq });
    await recount(ctx, caller._id, existing.sessionClientId, "live", "tombstone");
    return toLogRecord({ ...existing, deletedAt, updatedAt: deletedAt, seq });
  },
});
export { remove as delete };

/** A session's entries in replay order (timestamp, then id), tombstones included. */
export const listForSession = query({
  args: anyArgs,
  returns: v.array(logEntry),
  handler: async (ctx, raw) => {
    const args = readArgs({ sessionId: v.string() }, raw);
    const caller = await requireUser(ctx);
    const sessionId = clientId("sessionId", args.sessionId);
    await requireSession(ctx, caller._id, sessionId);
    const docs = await ctx.db
      .query("logEntries")
      .withIndex("by_session", (q) => q.eq("owner", caller._id).eq("sessionClientId", sessionId))
      .collect();
    return docs
      .sort((a, b) => a.timestamp - b.timestamp || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0))
      .map(toLogRecord);
  },
});
