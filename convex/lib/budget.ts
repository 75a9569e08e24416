// How many records one account may write, as the Swift server's WriteBudget allows: a burst of
// 25,000, refilled at 10,000 an hour. Calls alone do not bound writes (one sync:push carries up
// to 500 changes), so without it one account could write without end within its quotas. The
// bucket is kept on the user document (`users.writeBudget`), which every write patches anyway
// (its change sequence), so it costs no extra document and commits with the write.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";

export const writeBudget = { burst: 25_000, perHour: 10_000 };

/**
 * Takes `count` records from `user`'s budget at `now`, or refuses the whole call with
 * RATE_LIMITED and how many seconds to wait (`retryAfter`), writing nothing. Every change a call
 * carries counts, written or not, as on the Swift server.
 */
export async function spendWrites(ctx: MutationCtx, user: Doc<"users">, count: number, now = Date.now()) {
  const perMillisecond = writeBudget.perHour / 3_600_000;
  const last = user.writeBudget ?? { tokens: writeBudget.burst, at: now };
  const tokens = Math.min(writeBudget.burst, last.tokens + Math.max(0, now - last.at) * perMillisecond);
  if (tokens < count) {
    const wait = Math.max(1, Math.ceil((count - tokens) / perMillisecond / 1000));
    fail("RATE_LIMITED", "this account has written as many records as it may for now (nothing of this call was written); send it again later", wait);
  }
  await ctx.db.patch(user._id, { writeBudget: { tokens: tokens - count, at: now } });
}
