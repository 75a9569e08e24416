// The caller of a function: the user whose id is the session token's subject.
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { fail } from "./errors";

export async function requireUser(ctx: QueryCtx): Promise<Doc<"users">> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity === null) fail("UNAUTHENTICATED", "sign in first: send Authorization: Bearer <session token>");
  const id: Id<"users"> | null = ctx.db.normalizeId("users", identity.subject);
  const user = id === null ? null : await ctx.db.get(id);
  if (user === null) fail("UNAUTHENTICATED", "the account no longer exists");
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
