// Round four of the hostile review, on Convex: a write budget, reads that do not grow with the
// account, steps sized by bytes, refusals that do not echo, signing in during a deletion.
import { convexTest } from "convex-test";
import { describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import schema from "../schema";
import { at, code, deviceSignIn, drink, fakeApple, modules, session, signedIn, uuid } from "./helpers.testing";

// The real convex-test reads every document of a table for each query: cases that fill an
// account to a bound take tens of seconds there, and say so with their own timeout.
const atScale = 120_000;

const endedSession = (id = uuid(), minute = 0) => ({ id, startTime: at(minute), endTime: at(minute + 60), isActive: false, updatedAt: at(minute) });
const pushOf = (records: object[]) => ({ changes: records.map((record) => ({ entity: "session" as const, record })) });

describe("the write budget", () => {
  test("25,000 records at once, then refused whole with the seconds to wait; refilled by time at 10,000 an hour", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at(0));
    const { t, user, as } = await signedIn();
    const session = endedSession();
    await as.mutation(api.sessions.upsert, session);
    // 24,999 more: unchanged copies of the session, each counted (the budget counts what is sent).
    for (let sent = 1; sent < 25_000; sent += 500) {
      await as.mutation(api.sync.push, pushOf(Array.from({ length: Math.min(500, 25_000 - sent) }, () => session)));
    }
    const seqBefore = await t.run(async (ctx) => (await ctx.db.get(ctx.db.normalizeId("users", user.id)!))!.changeSeq);
    const fresh = Array.from({ length: 10 }, () => endedSession());
    const refusal = await as.mutation(api.sync.push, pushOf(fresh)).then(() => undefined, (error: { data: { code: string; retryAfter: number } }) => error.data);
    // Ten records at 10,000 an hour: 3.6 seconds, rounded up.
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfter: 4 });
    await expect(as.mutation(api.logEntries.upsert, drink(session.id))).rejects.toMatchObject(code("RATE_LIMITED"));
    // Nothing of the refused calls was written.
    expect(await t.run(async (ctx) => (await ctx.db.get(ctx.db.normalizeId("users", user.id)!))!.changeSeq)).toBe(seqBefore);
    expect(await as.query(api.sessions.list, {})).toHaveLength(1);

    vi.setSystemTime(at(0) + 4_000);
    expect((await as.mutation(api.sync.push, pushOf(fresh))).results.every((result) => result.ok)).toBe(true);
    // An hour later 10,000 more fit (and the second left over), and not 500 more.
    vi.setSystemTime(at(60) + 4_000);
    for (let round = 0; round < 20; round++) await as.mutation(api.sync.push, pushOf(Array.from({ length: 500 }, () => session)));
    await expect(as.mutation(api.sync.push, pushOf(Array.from({ length: 500 }, () => session)))).rejects.toMatchObject(code("RATE_LIMITED"));
    vi.useRealTimers();
  }, atScale);

  test("each account has its own budget", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at(0));
    const first = await signedIn();
    const second = await signedIn(undefined, first.t);
    const session = endedSession();
    for (let round = 0; round < 50; round++) await first.as.mutation(api.sync.push, pushOf(Array.from({ length: 500 }, () => session)));
    await expect(first.as.mutation(api.sessions.upsert, session)).rejects.toMatchObject(code("RATE_LIMITED"));
    expect(await second.as.mutation(api.sessions.upsert, session)).toMatchObject({ id: session.id });
    vi.useRealTimers();
  }, atScale);
});

describe("reads that do not grow with the account", () => {
  // A backend that may scan at most 200 documents a call: the reads below must range their
  // indexes, whatever the account holds.
  const small = () => convexTest({ schema, modules, transactionLimits: { documentsRead: 200 } });

  test("sessions:list since a time scans only the sessions changed since; the running session is found past sessions deleted while running", async () => {
    const { as } = await signedIn(undefined, small());
    // 600 old sessions, and 150 sessions deleted while still running.
    for (let start = 0; start < 600; start += 30) {
      await as.mutation(api.sync.push, pushOf(Array.from({ length: 30 }, (_, index) => endedSession(uuid(), start + index))));
    }
    for (let round = 0; round < 150; round++) {
      const deleted = session(uuid(), { startTime: at(1_000 + round), updatedAt: at(1_000 + round) });
      await as.mutation(api.sessions.upsert, deleted);
      await as.mutation(api.sessions.upsert, { ...deleted, deletedAt: at(1_000 + round), updatedAt: at(1_000 + round) });
    }
    const tonight = session(uuid(), { startTime: at(2_000), updatedAt: at(2_000) });
    await as.mutation(api.sessions.upsert, tonight);

    expect((await as.query(api.sessions.list, { updatedSince: at(1_999) })).map((session) => session.id)).toEqual([tonight.id]);
    expect(await as.query(api.sessions.getActive, {})).toMatchObject({ id: tonight.id });
    // A second running session is still refused, and tonight can still be written.
    await expect(as.mutation(api.sessions.upsert, session())).rejects.toMatchObject(code("CONFLICT"));
    expect(await as.mutation(api.sessions.upsert, { ...tonight, updatedAt: at(2_001) })).toMatchObject({ updatedAt: at(2_001) });
    // Without a time every session is asked for, which this backend cannot scan: refused as Convex would.
    const everything = await as.query(api.sessions.list, {}).then(() => "answered", (error: Error) => error.message);
    expect(everything).toContain("Scanned too many documents");
  }, atScale);

  test("sessions:list answers newest start first, whatever order the sessions changed in", async () => {
    const { as } = await signedIn();
    const early = endedSession(uuid(), 0), late = endedSession(uuid(), 120);
    await as.mutation(api.sessions.upsert, late);
    await as.mutation(api.sessions.upsert, { ...early, updatedAt: at(500) });
    expect((await as.query(api.sessions.list, {})).map((session) => session.id)).toEqual([late.id, early.id]);
    expect((await as.query(api.sessions.list, { updatedSince: at(200) })).map((session) => session.id)).toEqual([early.id]);
  });
});

describe("fields are bounded", () => {
  test("a drink's preset id must be a UUID, and is stored as every id is (lowercase)", async () => {
    const { as } = await signedIn();
    const session = endedSession();
    await as.mutation(api.sessions.upsert, session);
    const long = drink(session.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 12, standardDrinkEstimate: 1, presetId: "p".repeat(200_000) } });
    const refused = await as.mutation(api.logEntries.upsert, long).then(() => undefined, (error: { data: { code: string; message: string } }) => error.data);
    expect(refused?.code).toBe("INVALID_ARGUMENT");
    expect(refused!.message.length).toBeLessThanOrEqual(401);
    const preset = uuid().toUpperCase();
    const stored = await as.mutation(api.logEntries.upsert, drink(session.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 12, standardDrinkEstimate: 1, presetId: preset } }));
    expect(stored.alcoholMeta?.presetId).toBe(preset.toLowerCase());
    // In a push the refusal is that change's outcome; the pull afterwards reads every record.
    const results = (await as.mutation(api.sync.push, { changes: [{ entity: "logEntry", record: long }, { entity: "logEntry", record: drink(session.id) }] })).results;
    expect(results.map((result) => result.ok)).toEqual([false, true]);
    expect((await as.query(api.sync.pull, {})).changes).toHaveLength(3);
  });

  test("a push of 500 refusals quoting 30 KB ids answers, each message at most 400 characters", async () => {
    const { as } = await signedIn();
    const changes = Array.from({ length: 500 }, () => ({ entity: "session" as const, record: endedSession("z".repeat(30_000)) }));
    const { results } = await as.mutation(api.sync.push, { changes });
    expect(results).toHaveLength(500);
    for (const result of results) {
      expect(result.code).toBe("INVALID_ARGUMENT");
      expect(result.message!.length).toBeLessThanOrEqual(401);
    }
    const single = await as.mutation(api.presets.delete, { id: "q".repeat(100_000), deletedAt: at(0) }).then(() => undefined, (error: { data: { message: string } }) => error.data);
    expect(single!.message.length).toBeLessThan(200);
  });

  test("sign-in refuses an oversized nonce or identity token before reading it", async () => {
    const apple = await fakeApple();
    const { t } = await signedIn();
    const token = await apple.identityToken({ nonce: "n".repeat(257) });
    await expect(t.action(api.auth.signInWithApple, { identityToken: token, nonce: "n".repeat(257) })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(t.action(api.auth.signInWithApple, { identityToken: "x".repeat(8_193), nonce: "raw-nonce" })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
  });
});

describe("users:deleteAccount at its bounds", () => {
  test("records written before fields were bounded (large preset ids) are deleted in steps sized by bytes read", async () => {
    const { t, user, as } = await signedIn();
    const session = endedSession();
    await as.mutation(api.sessions.upsert, session);
    // 300 drinks carrying 100 KB each, as an older deployment could have stored: 30 MB, past
    // the 16 MiB one call may read.
    // (A hundred at a time: one call may write 16 MiB.)
    for (let batch = 0; batch < 3; batch++) await t.run(async (ctx) => {
      const owner = ctx.db.normalizeId("users", user.id)!;
      for (let index = 0; index < 100; index++) {
        await ctx.db.insert("logEntries", {
          owner, clientId: uuid(), sessionClientId: session.id, timestamp: at(1), type: "alcohol", source: "phone", updatedAt: at(1),
          alcoholMeta: { drinkType: "beer", sizeOz: 12, standardDrinkEstimate: 1, presetId: "p".repeat(100_000) },
        });
      }
    });
    vi.useFakeTimers();
    const first = await as.mutation(api.users.deleteAccount, {});
    expect(first.complete).toBe(false);
    expect(first.logEntries).toBeGreaterThan(0);
    expect(first.logEntries).toBeLessThan(300);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    expect(await as.mutation(api.users.deleteAccount, {})).toEqual({ sessions: 1, logEntries: 300, presets: 0, complete: true, appleSignIn: "not_configured" });
    await t.run(async (ctx) => {
      const steps = await ctx.db.system.query("_scheduled_functions").collect();
      expect(steps.every((job) => job.state.kind === "success")).toBe(true);
    });
  }, atScale);

  test("records of nearly a mebibyte each, in characters of four bytes, are deleted too: a step counts the bytes each delete reads again", async () => {
    const { t, user, as } = await signedIn();
    const session = endedSession();
    await as.mutation(api.sessions.upsert, session);
    // 40 drinks of about 900 KB each (225,000 four-byte characters: 450,000 as JavaScript counts a string).
    const large = "\u{1F37A}".repeat(225_000);
    for (let batch = 0; batch < 4; batch++) await t.run(async (ctx) => {
      const owner = ctx.db.normalizeId("users", user.id)!;
      for (let index = 0; index < 10; index++) {
        await ctx.db.insert("logEntries", {
          owner, clientId: uuid(), sessionClientId: session.id, timestamp: at(1), type: "alcohol", source: "phone", updatedAt: at(1),
          alcoholMeta: { drinkType: "beer", sizeOz: 12, standardDrinkEstimate: 1, presetId: large },
        });
      }
    });
    vi.useFakeTimers();
    const first = await as.mutation(api.users.deleteAccount, {});
    expect(first.logEntries).toBeGreaterThan(0);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    expect(await as.mutation(api.users.deleteAccount, {})).toMatchObject({ sessions: 1, logEntries: 40, complete: true });
    await t.run(async (ctx) => {
      const steps = await ctx.db.system.query("_scheduled_functions").collect();
      expect(steps.every((job) => job.state.kind === "success")).toBe(true);
    });
  }, atScale);

  test("signing in while the account is still being deleted makes a new, empty account; the old one's tokens stay refused", async () => {
    const apple = await fakeApple();
    const { t } = await signedIn();
    const old = await deviceSignIn(t, apple, "apple-leaving");
    const session = endedSession();
    await old.as.mutation(api.sessions.upsert, session);
    await old.as.mutation(api.sync.push, { changes: Array.from({ length: 500 }, () => ({ entity: "logEntry" as const, record: drink(session.id) })) });
    await t.run(async (ctx) => {
      // More than one step holds: the deletion stays in progress until its steps run.
      const owner = ctx.db.normalizeId("users", old.session.user.id)!;
      for (let index = 0; index < 4_000; index++) {
        await ctx.db.insert("logEntries", { owner, clientId: uuid(), sessionClientId: session.id, timestamp: at(1), type: "water", source: "phone", updatedAt: at(1), waterMeta: { amountOz: 8 } });
      }
    });
    vi.useFakeTimers();
    expect((await old.as.mutation(api.users.deleteAccount, {})).complete).toBe(false);
    const again = await deviceSignIn(t, apple, "apple-leaving");
    expect(again.session.user.id).not.toBe(old.session.user.id);
    expect(await again.as.query(api.sessions.list, {})).toEqual([]);
    await expect(old.as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    // The deletion finished under the old id and left the new account alone.
    expect(await again.as.query(api.users.me, {})).toMatchObject({ id: again.session.user.id });
    expect((await old.as.mutation(api.users.deleteAccount, {})).complete).toBe(true);
    const later = await deviceSignIn(t, apple, "apple-leaving");
    expect(later.session.user.id).toBe(again.session.user.id);
  }, atScale);
});
