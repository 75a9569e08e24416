// auth:* — exchanging a Sign in with Apple identity token for the deployment's session token.
import { v } from "convex/values";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { internal } from "./_generated/api";
import { action, internalMutation, internalQuery, mutation, type MutationCtx } from "./_generated/server";
import { appleLinkConfig, authorizationCodeLimit, exchangeCode } from "./lib/apple";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser, tokenId, tokenIssuedAt, toUserRecord } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { fail } from "./lib/errors";
import { issueSessionToken } from "./lib/tokens";
import { authSession, user } from "./lib/validators";
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
  args: anyArgs,
  returns: authSession,
  handler: async (ctx, raw) => {
    const { identityToken, nonce, authorizationCode } = readArgs({ identityToken: v.string(), nonce: v.string(), authorizationCode: v.optional(v.string()) }, raw);
    if (nonce.length === 0) fail("INVALID_ARGUMENT", "nonce is required");
    // Apple's identity tokens are about a kilobyte and the app's nonces 64 characters: bounded
    // before anything is parsed, hashed or stored (as the Swift server's AppleIdentityVerifier).
    if (nonce.length > appleLimits.nonce) fail("INVALID_ARGUMENT", `nonce: at most ${appleLimits.nonce} characters`);
    if (identityToken.length > appleLimits.identityToken) fail("INVALID_ARGUMENT", `identityToken: at most ${appleLimits.identityToken} characters`);
    if (authorizationCode !== undefined && (authorizationCode.length === 0 || authorizationCode.length > authorizationCodeLimit)) {
      fail("INVALID_ARGUMENT", `authorizationCode: 1 to ${authorizationCodeLimit} characters`);
    }
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
    // The person's Apple refresh token, to revoke when the account is deleted. Apple refusing
    // (or not answering) never fails the sign-in: the deletion then says no_token.
    const link = appleLinkConfig();
    if (authorizationCode !== undefined && link !== null) {
      const refreshToken = await exchangeCode(link, authorizationCode).catch((error: unknown) => {
        console.warn(`auth:signInWithApple: Apple did not exchange the code: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      if (refreshToken !== null) await ctx.runMutation(internal.users.keepAppleToken, { userId: user.id, refreshToken });
    }
    const { token, expiresAt } = await issueSessionToken(user.id, now);
    return { token, expiresAt, user };
  },
});

/**
 * A new session token for the caller, living the full lifetime from now, and the one the call
 * was made with ended: a device renews while its token has life left, so it is never asked to
 * sign in again while it is used every few weeks, and a copy of its old token is worth nothing.
 * The new token is signed first and handed out only if ending the old one succeeds: a failure
 * leaves the old one working, and of renewals racing with one token exactly one wins (the
 * mutations are serialized, and the losers find the token ended).
 */
export const renew = action({
  args: anyArgs,
  returns: authSession,
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    const account = await ctx.runQuery(internal.auth.caller, {});
    const { token, expiresAt } = await issueSessionToken(account.id, Date.now());
    await ctx.runMutation(internal.auth.endCallerToken, {});
    return { token, expiresAt, user: account };
  },
});

/** Seconds a token must have lived before auth:renew renews it: Limits.renewalMinimumAge in WaterlineCore. */
export const renewalMinimumAge = 10 * 60;

/** The caller's account, refused as any call is (no token, one ended, an account deleted). */
export const caller = internalQuery({
  args: {},
  returns: user,
  handler: async (ctx) => toUserRecord(await requireUser(ctx)),
});

/**
 * Ends the caller's session token for auth:renew: refused for a token too young to renew (so
 * no account renews in a loop, each renewal keeping a revocation), taken from the account's
 * write budget, and refused for a token without an id, which could not be ended and so would
 * fork into as many tokens as it was renewed.
 */
export const endCallerToken = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const account = await requireUser(ctx);
    const identity = await ctx.auth.getUserIdentity();
    if (identity === null || tokenId(identity) === undefined) {
      fail("UNAUTHENTICATED", "this session token is too old to renew; sign in again");
    }
    const now = Date.now();
    const issuedAt = tokenIssuedAt(identity);
    if (issuedAt !== undefined && now - issuedAt < renewalMinimumAge * 1000) {
      const wait = Math.max(1, Math.ceil((issuedAt + renewalMinimumAge * 1000 - now) / 1000));
      fail("RATE_LIMITED", "this session token was issued moments ago; renew it later (it is still valid)", wait);
    }
    await spendWrites(ctx, account, 1, now);
    await endToken(ctx);
    return null;
  },
});

/** Ends the session token this call is made with: every later call with it is refused. */
export const signOut = mutation({
  args: anyArgs,
  returns: v.object({ revoked: v.boolean() }),
  handler: async (ctx, raw) => {
    readArgs({}, raw);
    const account = await requireUser(ctx);
    await spendWrites(ctx, account, 1);
    await endToken(ctx);
    return { revoked: true };
  },
});

/** Records the caller's token id as revoked until any token issued now could have expired. */
async function endToken(ctx: MutationCtx) {
  const identity = await ctx.auth.getUserIdentity();
  const jti = identity === null ? undefined : tokenId(identity);
  if (jti === undefined) fail("UNAUTHENTICATED", "the session token has no id; sign in again");
  const now = Date.now();
  // Kept as long as any token issued before now can live; those already past that are cleared
  // a few at a time (their tokens are refused as expired anyway).
  const expired = await ctx.db.query("revokedTokens").withIndex("by_expiresAt", (q) => q.lt("expiresAt", now)).take(pruneBatch);
  for (const doc of expired) await ctx.db.delete(doc._id);
  await ctx.db.insert("revokedTokens", { jti, expiresAt: now + 30 * 24 * 3600 * 1000 });
}
