// The caller of a function: the user whose id is the session token's subject.
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { fail } from "./errors";

export async function requireUser(ctx: QueryCtx): Promise<Doc<"users">> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity === null) fail("UNAUTHENTICATED", "sign in first: send Authorization: Bearer <session token>");
  const jti = tokenId(identity);
  if (jti !== undefined) {
    const revoked = await ctx.db.query("revokedTokens").withIndex("by_jti", (q) => q.eq("jti", jti)).unique();
    if (revoked !== null) fail("UNAUTHENTICATED", "the session has ended (signed out, or the account was deleted); sign in again");
  }
  const id: Id<"users"> | null = ctx.db.normalizeId("users", identity.subject);
  const user = id === null ? null : await ctx.db.get(id);
  if (user === null) fail("UNAUTHENTICATED", "the account no longer exists");
  // Being deleted (a batch at a time): its tokens are refused from the first call on.
  if (user.deletingSince !== undefined) fail("UNAUTHENTICATED", "the account has been deleted; sign in again to start a new one");
  return user;
}

export function toUserRecord(user: Doc<"users">) {
  return {
    id: user._id as string,
    appleUserId: user.appleSub,
    createdAt: user.createdAt,
    settings: user.settings,
    updatedAt: user.updatedAt,
  };
}

/**
 * The session token's own id. Convex puts a token's custom claims on the identity but not the
 * registered ones (`iss`, `sub`, `aud`, `exp`, `nbf`, `iat`, `jti`: it reads those itself), so
 * the id travels in a claim of our own, `tid` (lib/tokens.ts). Tokens issued before it have
 * none: they cannot be signed out one by one, and expire.
 */
export function tokenId(identity: object): string | undefined {
  const value = (identity as Record<string, unknown>)["tid"];
  return typeof value === "string" ? value : undefined;
}

/** When the session token was issued (ms), from its `tat` claim; undefined for older tokens. */
export function tokenIssuedAt(identity: object): number | undefined {
  const value = (identity as Record<string, unknown>)["tat"];
  return typeof value === "number" && Number.isFinite(value) ? value * 1000 : undefined;
}
