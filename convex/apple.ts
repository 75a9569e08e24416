// apple:* — internal: revoking a deleted account's Sign in with Apple token (lib/apple.ts).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction } from "./_generated/server";
import { appleLinkConfig, revokeToken } from "./lib/apple";

/** Tries this many times, a minute apart and then longer, before it gives up (and logs so). */
export const revokeAttempts = 3;

/**
 * Revokes the refresh token users:deleteAccount took from the deleted account. The deletion
 * does not wait for it; a failure is tried again later, and after the last attempt logged.
 */
export const revoke = internalAction({
  args: { refreshToken: v.string(), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { refreshToken, attempt }) => {
    const config = appleLinkConfig();
    if (config === null) {
      console.warn("apple:revoke: no Sign in with Apple key is configured any more; the token was not revoked");
      return null;
    }
    try {
      await revokeToken(config, refreshToken);
    } catch (error) {
      if (attempt < revokeAttempts) {
        await ctx.scheduler.runAfter(attempt * 60_000, internal.apple.revoke, { refreshToken, attempt: attempt + 1 });
      } else {
        console.warn(`apple:revoke: gave up after ${attempt} attempts: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return null;
  },
});
