// users:* — the caller's account.
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { requireUser, toUserRecord } from "./lib/auth";
import { defaultSettings } from "./lib/rules";
import { deletedAccount, user } from "./lib/validators";

export const me = query({
  args: {},
  returns: user,
  handler: async (ctx) => toUserRecord(await requireUser(ctx)),
});

/** Removes the account and every document it owns. */
export const deleteAccount = mutation({
  args: {},
  returns: deletedAccount,
  handler: async (ctx) => {
    const caller = await requireUser(ctx);
    const sessions = await ctx.db.query("sessions").withIndex("by_owner", (q) => q.eq("owner", caller._id)).collect();
    const logEntries = await ctx.db.query("logEntries").withIndex("by_owner", (q) => q.eq("owner", caller._id)).collect();
    const presets = await ctx.db.query("drinkPresets").withIndex("by_owner", (q) => q.eq("owner", caller._id)).collect();
    for (const doc of [...logEntries, ...sessions, ...presets]) await ctx.db.delete(doc._id);
    await ctx.db.delete(caller._id);
    return { sessions: sessions.length, logEntries: logEntries.length, presets: presets.length };
  },
});

/** How many expired rows (nonces, revocations) one call clears: more than one call adds. */
export const pruneBatch = 16;

/** The user with this Apple subject, created with default settings on first sign-in. */
export const upsertByAppleSub = internalMutation({
  args: { appleSub: v.string(), now: v.number() },
  returns: user,
  handler: async (ctx, { appleSub, now }) => {
    const existing = await ctx.db.query("users").withIndex("by_appleSub", (q) => q.eq("appleSub", appleSub)).unique();
    if (existing !== null) return toUserRecord(existing);
    const id = await ctx.db.insert("users", { appleSub, createdAt: now, updatedAt: now, settings: defaultSettings });
    const created = await ctx.db.get(id);
    return toUserRecord(created!);
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
