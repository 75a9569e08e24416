// What only shows at scale: an account over one mutation's limits deleted in steps, and the
// migrations that walk every account a bounded run at a time, rescheduling themselves.
import { convexTest } from "convex-test";
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../_generated/api";
import schema from "../schema";
import { at, code, modules, session, signedIn, uuid } from "./helpers.testing";

// The real convex-test reads every document of a table for each query, so these cases take tens
// of seconds there (on the stand-in, a few): each says so with its own timeout.
const atScale = 120_000;

const sessionOf = (id: string) => ({ id, startTime: at(0), isActive: false, endTime: at(600), updatedAt: at(0) });
const waterIn = (session: string, minute: number) => ({
  id: uuid(), sessionId: session, timestamp: at(minute / 100), type: "water" as const, source: "phone" as const, updatedAt: at(minute / 100), waterMeta: { amountOz: 8 },
});

describe("users:deleteAccount at scale", () => {
  test("an account past one mutation's writes: refused from the first call, removed by steps that schedule themselves, reported complete once gone", async () => {
    // A backend that may write 4,500 documents a call: the 5,005 below are more than one
    // mutation may write, as 17,000 would be on a deployment (16,000), at a third of the size.
    const { t, as } = await signedIn(undefined, convexTest({ schema, modules, transactionLimits: { documentsWritten: 4_500 } }));
    const other = await signedIn(undefined, t);
    const sessions = Array.from({ length: 5 }, () => uuid());
    await as.mutation(api.sync.push, { changes: sessions.map((id) => ({ entity: "session", record: sessionOf(id) })) });
    for (const session of sessions) {
      for (const half of [0, 1]) {
        const logs = Array.from({ length: 500 }, (_, index) => ({ entity: "logEntry" as const, record: waterIn(session, half * 500 + index) }));
        await as.mutation(api.sync.push, { changes: logs });
      }
    }
    // (Fake timers: the steps run when the test says, as convex-test runs them under vitest's timers.)
    vi.useFakeTimers();
    const first = await as.mutation(api.users.deleteAccount, {});
    expect(first.complete).toBe(false);
    expect(first.logEntries).toBe(4_000);
    await expect(as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await expect(as.mutation(api.sessions.upsert, session())).rejects.toMatchObject(code("UNAUTHENTICATED"));

    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    expect(await as.mutation(api.users.deleteAccount, {})).toEqual({ sessions: 5, logEntries: 5_000, presets: 0, complete: true, appleSignIn: "not_configured" });
    await expect(as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await t.run(async (ctx) => {
      expect(await ctx.db.query("sessions").take(1)).toEqual([]);
      expect(await ctx.db.query("logEntries").take(1)).toEqual([]);
      const steps = await ctx.db.system.query("_scheduled_functions").collect();
      expect(steps.length).toBeGreaterThanOrEqual(1);
      expect(steps.every((job) => job.state.kind === "success")).toBe(true);
    });
    expect(await other.as.query(api.users.me, {})).toMatchObject({ id: other.user.id });
  }, atScale);
});

describe("migrations at scale", () => {
  test("countRecords counts accounts made before counts were kept, across users and runs, and quotas then read the counts", async () => {
    const { t, user, as } = await signedIn();
    const second = await signedIn(undefined, t);
    // Two accounts as an older version left them: records, and no counts.
    const session = uuid();
    await as.mutation(api.sessions.upsert, sessionOf(session));
    for (let start = 0; start < 1_000; start += 500) {
      await as.mutation(api.sync.push, { changes: Array.from({ length: 500 }, (_, index) => ({ entity: "logEntry" as const, record: waterIn(session, start + index) })) });
    }
    await second.as.mutation(api.sync.push, { changes: Array.from({ length: 300 }, () => ({ entity: "session" as const, record: sessionOf(uuid()) })) });
    await t.run(async (ctx) => {
      for (const doc of await ctx.db.query("users").collect()) await ctx.db.patch(doc._id, { counts: undefined });
      for (const doc of await ctx.db.query("sessions").collect()) await ctx.db.patch(doc._id, { logCounts: undefined });
    });
    // Three of the first account's logs were undone before the counts existed.
    await t.run(async (ctx) => {
      for (const doc of await ctx.db.query("logEntries").take(3)) await ctx.db.patch(doc._id, { deletedAt: at(700) });
    });

    vi.useFakeTimers();
    await t.mutation(internal.migrations.countRecords, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    await t.run(async (ctx) => {
      const first = (await ctx.db.get(ctx.db.normalizeId("users", user.id)!))!;
      expect(first.counts).toEqual({ sessions: { kept: 1, live: 1 }, drinkPresets: { kept: 0, live: 0 }, logEntries: { kept: 1_000, live: 997 } });
      const counted = await ctx.db.query("sessions").withIndex("by_owner_clientId", (q) => q.eq("owner", first._id).eq("clientId", session)).unique();
      expect(counted!.logCounts).toEqual({ kept: 1_000, live: 997 });
      const other = (await ctx.db.get(ctx.db.normalizeId("users", second.user.id)!))!;
      expect(other.counts!.sessions).toEqual({ kept: 300, live: 300 });
      // It went on by itself: a run per stage (and per thousand records) of each user, the next user after.
      const runs = (await ctx.db.system.query("_scheduled_functions").collect()).filter((job) => job.name.includes("countRecords"));
      expect(runs.length).toBeGreaterThanOrEqual(5);
      expect(runs.every((job) => job.state.kind === "success")).toBe(true);
    });
    // The quota now reads the counts: three places left in the session, then none.
    for (const minute of [1_001, 1_002, 1_003]) await as.mutation(api.logEntries.upsert, waterIn(session, minute));
    await expect(as.mutation(api.logEntries.upsert, waterIn(session, 1_004))).rejects.toMatchObject(code("QUOTA_EXCEEDED"));
  }, atScale);

  test("numberUnsequenced goes on to the next user by scheduling itself", async () => {
    const first = await signedIn();
    const { t } = first;
    const second = await signedIn(undefined, t);
    for (const { user } of [first, second]) {
      await t.run(async (ctx) => {
        const owner = ctx.db.normalizeId("users", user.id)!;
        await ctx.db.insert("sessions", { owner, clientId: uuid(), startTime: at(0), endTime: at(60), isActive: false, updatedAt: at(0) });
      });
    }
    vi.useFakeTimers();
    await t.mutation(internal.migrations.numberUnsequenced, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    for (const { as } of [first, second]) expect((await as.query(api.sync.pull, {})).changes.map((change) => change.entity)).toEqual(["session"]);
    await t.run(async (ctx) => {
      const runs = (await ctx.db.system.query("_scheduled_functions").collect()).filter((job) => job.name.includes("numberUnsequenced"));
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.every((job) => job.state.kind === "success")).toBe(true);
    });
  });
});
