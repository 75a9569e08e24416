// Each user's change sequence, the cursor of sync:pull (see contract/functions.json, rules), and
// how many records each account keeps, and each session's logs: quotas read them from one
// document (the user, the session) instead of scanning the records (a 500-change sync:push would
// otherwise re-read a session's logs or the account's sessions for every new one, and meet Convex's
// limit on documents scanned). Every write that adds, moves or tombstones a record adjusts them
// in the same mutation. Accounts made before counts were kept read as empty until
// `migrations:countRecords` has counted them.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";
import { quotas } from "./rules";

export type Tally = { kept: number; live: number };
export type Kind = "sessions" | "logEntries" | "drinkPresets";
const empty: Tally = { kept: 0, live: 0 };

export const accountCounts = (user: Doc<"users">) => user.counts ?? { sessions: empty, logEntries: empty, drinkPresets: empty };

/** `tally` after a record is added (+1), removed (-1) or left (0), live or not before and after. */
export function adjusted(tally: Tally | undefined, before: "live" | "tombstone" | null, after: "live" | "tombstone" | null): Tally {
  const { kept, live } = tally ?? empty;
  return {
    kept: kept + (after !== null ? 1 : 0) - (before !== null ? 1 : 0),
    live: live + (after === "live" ? 1 : 0) - (before === "live" ? 1 : 0),
  };
}

export const state = (doc: { deletedAt?: number } | null | undefined): "live" | "tombstone" | null =>
  doc === null || doc === undefined ? null : doc.deletedAt === undefined ? "live" : "tombstone";

/**
 * Refuses a new record (live, or a tombstone) where `tally` is at its quota: `limit` live ones,
 * `limit × keptPerLive` counting tombstones (deleted ones free their place, not without bound).
 */
export function checkRoom(tally: Tally | undefined, limit: number, live: boolean, holder: string, what: string) {
  const { kept, live: alive } = tally ?? empty;
  if (kept >= limit * quotas.keptPerLive) fail("QUOTA_EXCEEDED", `${holder} keeps at most ${limit * quotas.keptPerLive} ${what}, deleted ones included`);
  if (live && alive >= limit) fail("QUOTA_EXCEEDED", `${holder} keeps at most ${limit} ${what}`);
}

/**
 * The next number of `owner`'s change sequence, for a record written now, with the account's
 * counts of `kind` moved from `before` to `after` in the same patch. A new record (`before`
 * null) with a `quota` is refused first where the account's counts are at it (`checkRoom`),
 * read from the same user document. Convex runs mutations as serializable transactions, so one
 * user's numbers commit in the order given.
 */
export async function nextSeq(
  ctx: MutationCtx, owner: Id<"users">,
  change?: {
    kind: Kind; before: "live" | "tombstone" | null; after: "live" | "tombstone" | null;
    quota?: { limit: number; what: string };
  },
): Promise<number> {
  const user = await ctx.db.get(owner);
  if (user === null) fail("UNAUTHENTICATED", "the account no longer exists");
  const next = (user.changeSeq ?? 0) + 1;
  if (change === undefined || change.before === change.after) {
    await ctx.db.patch(owner, { changeSeq: next });
  } else {
    const counts = accountCounts(user);
    if (change.before === null && change.quota !== undefined) {
      checkRoom(counts[change.kind], change.quota.limit, change.after === "live", "an account", change.quota.what);
    }
    await ctx.db.patch(owner, { changeSeq: next, counts: { ...counts, [change.kind]: adjusted(counts[change.kind], change.before, change.after) } });
  }
  return next;
}
