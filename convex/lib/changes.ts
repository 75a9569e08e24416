// Each user's change sequence: the cursor of sync:pull (see contract/functions.json, rules).
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/**
 * The next number of `owner`'s change sequence, for a record being written now. Convex runs
 * mutations as serializable transactions, so one user's numbers commit in the order given.
 */
export async function nextSeq(ctx: MutationCtx, owner: Id<"users">): Promise<number> {
  const user = await ctx.db.get(owner);
  const next = (user?.changeSeq ?? 0) + 1;
  await ctx.db.patch(owner, { changeSeq: next });
  return next;
}
