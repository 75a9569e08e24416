// sync:* — every kind of record at once, for a device catching up in a few calls.
import { ConvexError, v, type Infer } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { mutation, query, type MutationCtx } from "./_generated/server";
import { anyArgs, readArgs } from "./lib/arguments";
import { requireUser } from "./lib/auth";
import { spendWrites } from "./lib/budget";
import { capped, fail, quoted } from "./lib/errors";
import { quotas } from "./lib/rules";
import { changeOutcome, pullPage, syncChange } from "./lib/validators";
import { toLogRecord, upsertLog } from "./logEntries";
import { toPresetRecord, upsertPreset } from "./presets";
import { toSessionRecord, upsertSession } from "./sessions";
import { upsertSettings } from "./settings";

type Change = Infer<typeof syncChange>;

async function apply(ctx: MutationCtx, caller: Doc<"users">, change: Change): Promise<Change> {
  switch (change.entity) {
    case "session": return { entity: "session", record: await upsertSession(ctx, caller, change.record) };
    case "logEntry": return { entity: "logEntry", record: await upsertLog(ctx, caller, change.record) };
    case "preset": return { entity: "preset", record: await upsertPreset(ctx, caller, change.record) };
    case "settings": {
      // Earlier changes of the batch may have moved the user document on.
      const current = (await ctx.db.get(caller._id))!;
      return { entity: "settings", record: await upsertSettings(ctx, current, change.record) };
    }
  }
}

/**
 * Applies each change in order, as its upsert function would. A refusal (invalid, not found,
 * conflict, quota) is that change's outcome and the others go on; any other failure fails the
 * call, and the device sends the batch again (every change is idempotent).
 */
export const push = mutation({
  args: anyArgs,
  returns: v.object({ results: v.array(changeOutcome) }),
  handler: async (ctx, raw) => {
    const { changes } = readArgs({ changes: v.array(syncChange) }, raw);
    const caller = await requireUser(ctx);
    if (changes.length < 1 || changes.length > quotas.pushBatch) {
      fail("INVALID_ARGUMENT", `changes: 1 to ${quotas.pushBatch} per call, got ${changes.length}`);
    }
    // The whole batch is taken from the account's budget, or none of it is written.
    await spendWrites(ctx, caller, changes.length);
    const results = [];
    for (const change of changes) {
      try {
        results.push({ ok: true, change: await apply(ctx, caller, change) });
      } catch (error) {
        const data = error instanceof ConvexError ? (error.data as { code?: string; message?: string }) : undefined;
        if (data?.code === undefined || data.code === "INTERNAL" || data.code === "UNAUTHENTICATED") throw error;
        const id = !("id" in change.record) ? "" : change.record.id.length > 40 ? ` ${quoted(change.record.id)}` : ` ${change.record.id}`;
        results.push({ ok: false, code: data.code, message: capped(`${change.entity}${id}: ${data.message ?? data.code}`) });
      }
    }
    return { results };
  },
});

/** Every change numbered above `cursor`, oldest first, at most `limit` (1000 without one). */
export const pull = query({
  args: anyArgs,
  returns: pullPage,
  handler: async (ctx, raw) => {
    const args = readArgs({ cursor: v.optional(v.number()), limit: v.optional(v.number()) }, raw);
    const caller = await requireUser(ctx);
    const limit = args.limit ?? quotas.pullPage;
    if (!Number.isInteger(limit) || limit < 1 || limit > quotas.pullPage) fail("INVALID_ARGUMENT", `limit: 1 to ${quotas.pullPage}, got ${limit}`);
    const asked = args.cursor ?? 0;
    if (!Number.isInteger(asked) || asked < 0) fail("INVALID_ARGUMENT", `cursor: 0 or more, got ${asked}`);
    // A cursor past the account's last number (restored from an older backup) starts over.
    const cursor = asked > (caller.changeSeq ?? 0) ? 0 : asked;

    const [sessions, logs, presets] = await Promise.all([
      ctx.db.query("sessions").withIndex("by_owner_seq", (q) => q.eq("owner", caller._id).gt("seq", cursor)).take(limit + 1),
      ctx.db.query("logEntries").withIndex("by_owner_seq", (q) => q.eq("owner", caller._id).gt("seq", cursor)).take(limit + 1),
      ctx.db.query("drinkPresets").withIndex("by_owner_seq", (q) => q.eq("owner", caller._id).gt("seq", cursor)).take(limit + 1),
    ]);
    const numbered: { seq: number; change: Change }[] = [
      ...sessions.map((doc) => ({ seq: doc.seq!, change: { entity: "session" as const, record: toSessionRecord(doc) } })),
      ...logs.map((doc) => ({ seq: doc.seq!, change: { entity: "logEntry" as const, record: toLogRecord(doc) } })),
      ...presets.map((doc) => ({ seq: doc.seq!, change: { entity: "preset" as const, record: toPresetRecord(doc) } })),
    ];
    if ((caller.settingsSeq ?? 0) > cursor) {
      numbered.push({ seq: caller.settingsSeq!, change: { entity: "settings", record: caller.settings } });
    }
    numbered.sort((a, b) => a.seq - b.seq);
    const page = numbered.slice(0, limit);
    return {
      changes: page.map((item) => item.change),
      cursor: page.length > 0 ? page[page.length - 1].seq : cursor,
      hasMore: numbered.length > limit,
    };
  },
});
