// auth:* — exchanging a Sign in with Apple identity token for the deployment's session token.
import { v } from "convex/values";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { internal } from "./_generated/api";
import { action, mutation } from "./_generated/server";
import { requireUser, tokenId } from "./lib/auth";
import { fail } from "./lib/errors";
import { issueSessionToken } from "./lib/tokens";
import { authSession } from "./lib/validators";
import { pruneBatch } from "./users";

const appleIssuer = "https://appleid.apple.com";
/** Limits.appleNonce and Limits.appleIdentityToken in WaterlineCore. */
export const appleLimits = { nonce: 256, identityToken: 8_192 };
// jose caches Apple's keys and fetches them again (with a cooldown) for an unknown key id.
const appleKeys = createRemoteJWKSet(new URL(process.env.WATERLINE_APPLE_JWKS_URL ?? "https://appleid.apple.com/auth/keys"));

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Verifies the identity token (signature against Apple's JWKS, issuer, audience, expiry) and
 * that its nonce claim is the SHA-256 of `nonce`, creates the user on first sign-in, and
 * returns a session token. The only function that needs no bearer token.
 */
export const signInWithApple = action({
  args: { identityToken: v.string(), nonce: v.string() },
  returns: authSession,
  handler: async (ctx, { identityToken, nonce }) => {
    if (nonce.length === 0) fail("INVALID_ARGUMENT", "nonce is required");
    // Apple's identity tokens are about a kilobyte and the app's nonces 64 characters: bounded
    // before anything is parsed, hashed or stored (as the Swift server's AppleIdentityVerifier).
    if (nonce.length > appleLimits.nonce) fail("INVALID_ARGUMENT", `nonce: at most ${appleLimits.nonce} characters`);
    if (identityToken.length > appleLimits.identityToken) fail("INVALID_ARGUMENT", `identityToken: at most ${appleLimits.identityToken} characters`);
    const audience = process.env.WATERLINE_APPLE_AUDIENCE ?? "com.waterline.app";
    const claims = await jwtVerify(identityToken, appleKeys, { issuer: appleIssuer, audience }).then(
      ({ payload }) => payload,
      (error: unknown) => {
        const expired = error instanceof Error && (error as { code?: string }).code === "ERR_JWT_EXPIRED";
        return fail("UNAUTHENTICATED", `the Apple identity token ${expired ? "has expired; sign in again" : "is not valid"}`);
      },
    );
    if (typeof claims.nonce !== "string" || claims.nonce !== (await sha256Hex(nonce))) {
      fail("UNAUTHENTICATED", "the identity token's nonce does not match");
    }
    if (!claims.sub) fail("UNAUTHENTICATED", "the identity token has no subject");
    const now = Date.now();
    // One sign-in per identity token: a captured token and nonce cannot be replayed.
    const fresh = await ctx.runMutation(internal.users.useNonce, { nonce: claims.nonce, expiresAt: (claims.exp ?? 0) * 1000, now });
    if (!fresh) fail("UNAUTHENTICATED", "this sign-in was already used; sign in with Apple again");
    const user = await ctx.runMutation(internal.users.upsertByAppleSub, { appleSub: claims.sub, now });
    const { token, expiresAt } = await issueSessionToken(user.id, now);
    return { token, expiresAt, user };
  },
});

/** Ends the session token this call is made with: every later call with it is refused. */
export const signOut = mutation({
  args: {},
  returns: v.object({ revoked: v.boolean() }),
  handler: async (ctx) => {
    await requireUser(ctx);
    const identity = await ctx.auth.getUserIdentity();
    const jti = identity === null ? undefined : tokenId(identity);
    if (jti === undefined) fail("UNAUTHENTICATED", "the session token has no id; sign in again");
    const now = Date.now();
    // Kept as long as any token issued before now can live; those already past that are cleared
    // a few at a time (their tokens are refused as expired anyway).
    const expired = await ctx.db.query("revokedTokens").withIndex("by_expiresAt", (q) => q.lt("expiresAt", now)).take(pruneBatch);
    for (const doc of expired) await ctx.db.delete(doc._id);
    await ctx.db.insert("revokedTokens", { jti, expiresAt: now + 30 * 24 * 3600 * 1000 });
    return { revoked: true };
  },
});
