// apple:* — internal: revoking a deleted account's Sign in with Apple token (lib/apple.ts).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { appleLinkConfig, revokeToken } from "./lib/apple";

/** Tries this many times, a minute apart and then longer, before it gives up (and logs so). */
export const revokeAttempts = 3;

/**
 * Revokes the refresh token users:deleteAccount kept for the deleted account (in
 * `appleRevocations`, which only this reads). The deletion does not wait for it; a failure is
 * tried again later, and the outcome is recorded on the deletion (`appleOutcome`): revoked, or
 * failed after the last try (logged).
 */
export const revoke = internalAction({
  args: { revocation: v.id("appleRevocations") },
  returns: v.null(),
  handler: async (ctx, { revocation }) => {
    const pending = await ctx.runQuery(internal.apple.pending, { revocation });
    if (pending === null) return null;
    const config = appleLinkConfig();
    const attempt = pending.attempts + 1;
    let failure: string | null = null;
    if (config === null) {
      failure = "no Sign in with Apple key is configured any more";
    } else {
      try {
        await revokeToken(config, pending.refreshToken);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    const again = failure !== null && config !== null && attempt < revokeAttempts;
    await ctx.runMutation(internal.apple.record, { revocation, attempt, outcome: failure === null ? "revoked" : again ? "again" : "failed" });
    if (again) {
      await ctx.scheduler.runAfter(attempt * 60_000, internal.apple.revoke, { revocation });
    } else if (failure !== null) {
      console.warn(`apple:revoke: gave up after ${attempt} attempts: ${failure}`);
    }
    return null;
  },
});

/** The token to revoke and the tries so far; null once the revocation is done with. */
export const pending = internalQuery({
  args: { revocation: v.id("appleRevocations") },
  returns: v.union(v.null(), v.object({ refreshToken: v.string(), attempts: v.number() })),
  handler: async (ctx, { revocation }) => {
    const doc = await ctx.db.get(revocation);
    return doc === null ? null : { refreshToken: doc.refreshToken, attempts: doc.attempts };
  },
});

/** Counts a try; a final outcome forgets the token and is written on the deletion. */
export const record = internalMutation({
  args: { revocation: v.id("appleRevocations"), attempt: v.number(), outcome: v.union(v.literal("revoked"), v.literal("failed"), v.literal("again")) },
  returns: v.null(),
  handler: async (ctx, { revocation, attempt, outcome }) => {
    const doc = await ctx.db.get(revocation);
    if (doc === null) return null;
    if (outcome === "again") {
      await ctx.db.patch(revocation, { attempts: attempt });
      return null;
    }
    await ctx.db.delete(revocation);
    if ((await ctx.db.get(doc.deletion)) !== null) await ctx.db.patch(doc.deletion, { appleOutcome: outcome });
    return null;
  },
});
