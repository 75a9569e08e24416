// users:* — the caller's account.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalMutation, mutation, query, type MutationCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser, toUserRecord } from "./lib/auth";
import { fail } from "./lib/errors";
import { appleLinkConfig } from "./lib/apple";
import { defaultSettings } from "./lib/rules";
import { deletedAccount, user } from "./lib/validators";

export const me = query({
  args: anyArgs,
  returns: user,
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    return toUserRecord(await requireUser(ctx));
  },
});

/** Documents one deletion step removes at most: well inside Convex's limits on one mutation. */
export const deletionStep = 4_000;

/**
 * Bytes a deletion step reads before it stops asking for more documents, well inside Convex's
 * 16 MiB: documents are bounded (every field is checked), but a step sized by count alone fails
 * whole ("Read too much data") on records written before a bound existed, and an account that
 * cannot be deleted, or a scheduled step that fails every time, is worse than one more step.
 */
export const deletionStepBytes = 4 * 1024 * 1024;

/**
 * Bytes a step may have read once a delete is counted: each delete reads its document again (as
 * Convex counts it), so a chunk read near `deletionStepBytes` deletes only what fits under this,
 * and the next step goes on. A step's first delete is always made, so every step gets further.
 */
const deletionReadCap = 14 * 1024 * 1024;

/**
 * Documents read at a time within a step: a document may be as large as 1 MiB (Convex's limit),
 * so a chunk read before the step sees its budget spent reads at most 8 MiB more.
 */
const deletionChunk = 8;

/** A document's size as a step counts it: its JSON in UTF-8, a close measure of Convex's. */
const sizeOf = (doc: object) => new TextEncoder().encode(JSON.stringify(doc)).length;

/** How long a deletion's record is kept: as long as a token of the account can live. */
const deletionKept = 30 * 24 * 3600 * 1000;

/**
 * Removes up to `budget` of `owner`'s documents (logs first, then sessions, then presets), adding
 * what it removed to the deletion's record; true when nothing of the account is left (the user
 * document is removed then, and the record marked finished).
 */
async function deleteSome(ctx: MutationCtx, owner: Id<"users">, deletion: Id<"deletions">, budget: number): Promise<boolean> {
  const removed = { logEntries: 0, sessions: 0, presets: 0 };
  let left = budget, bytes = 0, deleted = 0, finished = false;
  tables: for (const [table, key] of [["logEntries", "logEntries"], ["sessions", "sessions"], ["drinkPresets", "presets"]] as const) {
    for (;;) {
      if (left <= 0 || bytes >= deletionStepBytes) break tables;
      const docs = await ctx.db.query(table).withIndex("by_owner", (q) => q.eq("owner", owner)).take(Math.min(left, deletionChunk));
      const sizes = docs.map(sizeOf);
      for (const size of sizes) bytes += size;
      for (const [index, doc] of docs.entries()) {
        // The delete reads the document again: past the cap, the rest waits for the next step.
        if (deleted > 0 && bytes + sizes[index] > deletionReadCap) break tables;
        await ctx.db.delete(doc._id);
        bytes += sizes[index];
        deleted += 1;
        removed[key] += 1;
        left -= 1;
      }
      if (docs.length < deletionChunk && left > 0) break;
    }
    if (table === "drinkPresets") finished = true;
  }
  const record = (await ctx.db.get(deletion))!;
  await ctx.db.patch(deletion, {
    logEntries: record.logEntries + removed.logEntries, sessions: record.sessions + removed.sessions, presets: record.presets + removed.presets,
    finishedAt: finished ? Date.now() : undefined,
  });
  if (finished) await ctx.db.delete(owner);
  return finished;
}

const report = (record: Doc<"deletions">) => ({
  sessions: record.sessions, logEntries: record.logEntries, presets: record.presets, complete: record.finishedAt !== undefined,
  ...(record.appleSignIn === undefined ? {} : { appleSignIn: record.appleSignIn }),
});

/**
 * Deletes the account and every document it owns. From this call on every token of the account
 * is refused; what fits in one bounded step goes now, and the rest in steps that schedule
 * themselves until nothing is left, so an account of any size is deleted. The answer counts what
 * is removed so far and says whether all of it is; calling again with the same token reports
 * the same deletion, complete once it is.
 */
export const deleteAccount = mutation({
  args: anyArgs,
  returns: deletedAccount,
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    const identity = await ctx.auth.getUserIdentity();
    if (identity === null) fail("UNAUTHENTICATED", "sign in first: send Authorization: Bearer <session token>");
    const earlier = await ctx.db.query("deletions").withIndex("by_subject", (q) => q.eq("subject", identity.subject)).unique();
    if (earlier !== null) return report(earlier);
    const caller = await requireUser(ctx);
    const now = Date.now();
    // Records of deletions whose tokens have all expired guard nothing: a few go each time.
    const expired = await ctx.db.query("deletions").withIndex("by_startedAt", (q) => q.lt("startedAt", now - deletionKept)).take(pruneBatch);
    for (const doc of expired) await ctx.db.delete(doc._id);
    // The Sign in with Apple link is revoked after (apple:revoke), without the answer waiting on Apple.
    const refreshToken = caller.appleRefreshToken;
    const appleSignIn = appleLinkConfig() === null ? "not_configured" as const : refreshToken === undefined ? "no_token" as const : "requested" as const;
    const deletion = await ctx.db.insert("deletions", { subject: identity.subject, sessions: 0, logEntries: 0, presets: 0, startedAt: now, appleSignIn });
    if (appleSignIn === "requested") {
      const revocation = await ctx.db.insert("appleRevocations", { deletion, refreshToken: refreshToken!, attempts: 0 });
      await ctx.scheduler.runAfter(0, internal.apple.revoke, { revocation });
    }
    await ctx.db.patch(caller._id, { deletingSince: now, appleRefreshToken: undefined });
    if (!(await deleteSome(ctx, caller._id, deletion, deletionStep))) {
      await ctx.scheduler.runAfter(0, internal.users.continueDeletion, { owner: caller._id, deletion });
    }
    return report((await ctx.db.get(deletion))!);
  },
});

/** The next step of a deletion users:deleteAccount began; schedules the one after while anything is left. */
export const continueDeletion = internalMutation({
  args: { owner: v.id("users"), deletion: v.id("deletions") },
  returns: v.null(),
  handler: async (ctx, { owner, deletion }) => {
    if ((await ctx.db.get(owner)) === null) return null;
    if (!(await deleteSome(ctx, owner, deletion, deletionStep))) {
      await ctx.scheduler.runAfter(0, internal.users.continueDeletion, { owner, deletion });
    }
    return null;
  },
});

/** How many expired rows (nonces, revocations) one call clears: more than one call adds. */
export const pruneBatch = 16;

/** The user with this Apple subject, created with default settings on first sign-in. */
export const upsertByAppleSub = internalMutation({
  args: { appleSub: v.string(), now: v.number() },
  returns: user,
  handler: async (ctx, { appleSub, now }) => {
    // An account being deleted is not this person's any more: signing in meanwhile makes a new
    // one at once (the old one's records go on being removed under its own id).
    const existing = await ctx.db
      .query("users")
      .withIndex("by_appleSub", (q) => q.eq("appleSub", appleSub).eq("deletingSince", undefined))
      .unique();
    if (existing !== null) return toUserRecord(existing);
    const id = await ctx.db.insert("users", { appleSub, createdAt: now, updatedAt: now, settings: defaultSettings });
    const created = await ctx.db.get(id);
    return toUserRecord(created!);
  },
});

/** Keeps the person's Sign in with Apple refresh token on their account; a later sign-in's replaces it. */
export const keepAppleToken = internalMutation({
  args: { userId: v.string(), refreshToken: v.string() },
  returns: v.null(),
  handler: async (ctx, { userId, refreshToken }) => {
    const id = ctx.db.normalizeId("users", userId);
    const account = id === null ? null : await ctx.db.get(id);
    if (account !== null && account.deletingSince === undefined) await ctx.db.patch(account._id, { appleRefreshToken: refreshToken });
    return null;
  },
});

/** Records an Apple nonce as used; false when it already was. Expired ones are cleared as it goes. */
export const useNonce = internalMutation({
  args: { nonce: v.string(), expiresAt: v.number(), now: v.number() },
  returns: v.boolean(),
  handler: async (ctx, { nonce, expiresAt, now }) => {
    // A nonce whose token has expired guards nothing: a few are cleared with each sign-in, so
    // the table holds about the last ten minutes' sign-ins rather than every one ever made.
    const expired = await ctx.db.query("usedNonces").withIndex("by_expiresAt", (q) => q.lt("expiresAt", now)).take(pruneBatch);
    for (const doc of expired) await ctx.db.delete(doc._id);
    const used = await ctx.db.query("usedNonces").withIndex("by_nonce", (q) => q.eq("nonce", nonce)).unique();
    if (used !== null && used.expiresAt >= now) return false;
    if (used !== null) await ctx.db.delete(used._id);
    await ctx.db.insert("usedNonces", { nonce, expiresAt });
    return true;
  },
});
