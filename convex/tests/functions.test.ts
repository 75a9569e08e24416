// The same cases as the Swift contract suite (Server/Tests), against the Convex functions.
import { describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import { at, code, drink, fakeApple, preset, session, signedIn, uuid, water, newBackend } from "./helpers.testing";

describe("auth:signInWithApple", () => {
  test("a valid token creates the user once and returns a session token", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    const firstToken = await apple.identityToken({ sub: "s1" });
    const first = await t.action(api.auth.signInWithApple, { identityToken: firstToken, nonce: "raw-nonce" });
    expect(first.user.appleUserId).toBe("s1");
    expect(first.token.split(".")).toHaveLength(3);
    expect(first.expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    // A sign-in is good once: the app makes a fresh nonce for each.
    await expect(t.action(api.auth.signInWithApple, { identityToken: firstToken, nonce: "raw-nonce" })).rejects.toMatchObject(code("UNAUTHENTICATED"));
    const again = await t.action(api.auth.signInWithApple, { identityToken: await apple.identityToken({ sub: "s1", nonce: "second-nonce" }), nonce: "second-nonce" });
    expect(again.user.id).toBe(first.user.id);
  });

  test("expired, wrong audience, wrong issuer, bad signature and wrong nonce are refused", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    const { privateKey: stranger } = await (await import("jose")).generateKeyPair("RS256");
    const bad = [
      { identityToken: await apple.identityToken({ expiresIn: -60 }), nonce: "raw-nonce" },
      { identityToken: await apple.identityToken({ audience: "com.someone.else" }), nonce: "raw-nonce" },
      { identityToken: await apple.identityToken({ issuer: "https://evil.example" }), nonce: "raw-nonce" },
      { identityToken: await apple.identityToken({ key: stranger }), nonce: "raw-nonce" },
      { identityToken: await apple.identityToken(), nonce: "another-nonce" },
      { identityToken: "not.a.jwt", nonce: "raw-nonce" },
    ];
    for (const args of bad) {
      await expect(t.action(api.auth.signInWithApple, args)).rejects.toMatchObject(code("UNAUTHENTICATED"));
    }
  });
});

describe("records", () => {
  test("sessions, logs, presets and settings: create, read, update, delete", async () => {
    const { as } = await signedIn();
    const s = session();
    expect(await as.mutation(api.sessions.upsert, s)).toMatchObject({ id: s.id, isActive: true });
    expect(await as.query(api.sessions.getActive, {})).toMatchObject({ id: s.id });
    const beer = drink(s.id);
    const w = water(s.id);
    await as.mutation(api.logEntries.upsert, beer);
    await as.mutation(api.logEntries.upsert, w);
    const edited = { ...beer, updatedAt: at(20), alcoholMeta: { ...beer.alcoholMeta, standardDrinkEstimate: 2 } };
    expect((await as.mutation(api.logEntries.upsert, edited)).alcoholMeta?.standardDrinkEstimate).toBe(2);
    expect((await as.mutation(api.logEntries.delete, { id: w.id, deletedAt: at(21) })).deletedAt).toBe(at(21));
    const logs = await as.query(api.logEntries.listForSession, { sessionId: s.id });
    expect(logs.map((l) => l.id)).toEqual([beer.id, w.id]);
    await as.mutation(api.sessions.upsert, { ...s, isActive: false, endTime: at(90), updatedAt: at(90) });
    expect(await as.query(api.sessions.getActive, {})).toBeNull();
    expect(await as.query(api.sessions.list, { updatedSince: at(95) })).toEqual([]);
    const p = preset();
    await as.mutation(api.presets.upsert, p);
    await as.mutation(api.presets.delete, { id: p.id, deletedAt: at(30) });
    expect((await as.query(api.presets.list, {}))[0].deletedAt).toBe(at(30));
    const settings = { waterEveryNDrinks: 3, timeRemindersEnabled: true, timeReminderIntervalMinutes: 20, warningThreshold: 2, defaultWaterAmountOz: 8, units: "oz" as const, discreetNotifications: true, hideLockScreenCounts: true, reminderStyle: "silent" as const, remindersEndEnabled: true, remindersEndMinute: 30, updatedAt: at(1) };
    expect(await as.mutation(api.settings.upsert, settings)).toEqual(settings);
    expect((await as.query(api.users.me, {})).settings.waterEveryNDrinks).toBe(3);
  });

  test("upserts are idempotent; last write wins; deletes are final", async () => {
    const { as } = await signedIn();
    const s = session();
    await as.mutation(api.sessions.upsert, s);
    const log = drink(s.id, uuid(), { updatedAt: at(10) });
    for (let i = 0; i < 3; i++) await as.mutation(api.logEntries.upsert, log);
    expect(await as.query(api.logEntries.listForSession, { sessionId: s.id })).toHaveLength(1);
    const older = { ...log, updatedAt: at(8), alcoholMeta: { ...log.alcoholMeta, standardDrinkEstimate: 3 } };
    expect((await as.mutation(api.logEntries.upsert, older)).alcoholMeta?.standardDrinkEstimate).toBe(1);
    const newer = { ...log, updatedAt: at(12), alcoholMeta: { ...log.alcoholMeta, standardDrinkEstimate: 2 } };
    expect((await as.mutation(api.logEntries.upsert, newer)).alcoholMeta?.standardDrinkEstimate).toBe(2);
    await as.mutation(api.logEntries.delete, { id: log.id, deletedAt: at(11) });
    expect((await as.mutation(api.logEntries.upsert, { ...newer, updatedAt: at(50) })).deletedAt).toBe(at(11));
  });

  test("one active session per user", async () => {
    const { as } = await signedIn();
    await as.mutation(api.sessions.upsert, session());
    await expect(as.mutation(api.sessions.upsert, session())).rejects.toMatchObject(code("CONFLICT"));
  });

  test("another user's ids answer not found; the same ids make that user's own records; nothing of theirs changes", async () => {
    const { t, as: alice } = await signedIn();
    const s = session();
    const log = drink(s.id);
    const p = preset();
    await alice.mutation(api.sessions.upsert, s);
    await alice.mutation(api.logEntries.upsert, log);
    await alice.mutation(api.presets.upsert, p);
    const { internal } = await import("../_generated/api");
    const bobUser = await t.mutation(internal.users.upsertByAppleSub, { appleSub: "bob", now: at(0) });
    const bob = t.withIdentity({ subject: bobUser.id });
    await expect(bob.query(api.logEntries.listForSession, { sessionId: s.id })).rejects.toMatchObject(code("NOT_FOUND"));
    await expect(bob.mutation(api.logEntries.upsert, { ...log, updatedAt: at(60) })).rejects.toMatchObject(code("NOT_FOUND"));
    await expect(bob.mutation(api.logEntries.delete, { id: log.id, deletedAt: at(60) })).rejects.toMatchObject(code("NOT_FOUND"));
    expect(await bob.query(api.sessions.list, {})).toEqual([]);
    // Ids are per account: the same ids from Bob's device are Bob's own records.
    await bob.mutation(api.sessions.upsert, { ...s, isActive: false, endTime: at(60), updatedAt: at(60) });
    await bob.mutation(api.logEntries.upsert, { ...log, updatedAt: at(60) });
    await bob.mutation(api.presets.upsert, { ...p, name: "Bob's", updatedAt: at(60) });
    expect(await bob.query(api.logEntries.listForSession, { sessionId: s.id })).toHaveLength(1);
    expect(await alice.query(api.sessions.getActive, {})).toMatchObject({ id: s.id, isActive: true });
    expect(await alice.query(api.logEntries.listForSession, { sessionId: s.id })).toEqual([expect.objectContaining({ updatedAt: log.updatedAt })]);
    expect((await alice.query(api.presets.list, {}))[0].name).toBe("IPA");
  });

  test("deleting the account removes every document and retires the identity", async () => {
    const { t, as } = await signedIn();
    const s = session();
    await as.mutation(api.sessions.upsert, s);
    await as.mutation(api.logEntries.upsert, drink(s.id));
    await as.mutation(api.logEntries.upsert, water(s.id));
    await as.mutation(api.presets.upsert, preset());
    expect(await as.mutation(api.users.deleteAccount, {})).toEqual({ sessions: 1, logEntries: 2, presets: 1, complete: true, appleSignIn: "not_configured" });
    await expect(as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await t.run(async (ctx) => {
      for (const table of ["users", "sessions", "logEntries", "drinkPresets"] as const) {
        expect(await ctx.db.query(table).collect()).toEqual([]);
      }
    });
  });

  test("out-of-range values are refused with the field named, and nothing is stored", async () => {
    const { as } = await signedIn();
    const s = session();
    await as.mutation(api.sessions.upsert, s);
    const bad = [
      drink(s.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 65, standardDrinkEstimate: 1 } }),
      drink(s.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 12, abv: 101, standardDrinkEstimate: 1 } }),
      drink(s.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 12, standardDrinkEstimate: 11 } }),
      { ...water(s.id), waterMeta: { amountOz: 0 } },
      { ...water(s.id), timestamp: 12 },
      drink(s.id, "not-a-uuid"),
    ];
    for (const log of bad) {
      await expect(as.mutation(api.logEntries.upsert, log)).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    }
    expect(await as.query(api.logEntries.listForSession, { sessionId: s.id })).toEqual([]);
    await expect(as.mutation(api.logEntries.upsert, drink(uuid()))).rejects.toMatchObject(code("NOT_FOUND"));
    await expect(as.query(api.users.me, {})).resolves.toBeTruthy();
  });

  test("calls without an identity are refused", async () => {
    const t = newBackend();
    await expect(t.query(api.sessions.list, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });
});

describe("sync:push and sync:pull", () => {
  test("a refused change in the middle of a batch leaves the others stored", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(120) });
    const tooBig = drink(s.id, uuid(), { alcoholMeta: { drinkType: "beer", sizeOz: 999, standardDrinkEstimate: 1 } });
    const good = drink(s.id);
    const { results } = await as.mutation(api.sync.push, {
      changes: [
        { entity: "session", record: s },
        { entity: "logEntry", record: tooBig },
        { entity: "logEntry", record: drink(uuid()) },
        { entity: "logEntry", record: good },
      ],
    });
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true]);
    expect(results[1].code).toBe("INVALID_ARGUMENT");
    expect(results[2].code).toBe("NOT_FOUND");
    expect((await as.query(api.logEntries.listForSession, { sessionId: s.id })).map((l) => l.id)).toEqual([good.id]);
  });

  test("pull pages in change order, a delete moves a record to the end, and nothing new is an empty page", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(120) });
    const logs = [0, 1, 2, 3, 4].map(() => drink(s.id));
    await as.mutation(api.sync.push, { changes: [{ entity: "session", record: s }, ...logs.map((record) => ({ entity: "logEntry" as const, record }))] });
    const first = await as.query(api.sync.pull, { limit: 3 });
    expect(first.changes.map((c) => c.record)).toMatchObject([{ id: s.id }, { id: logs[0].id }, { id: logs[1].id }]);
    expect(first.hasMore).toBe(true);
    await as.mutation(api.logEntries.delete, { id: logs[0].id, deletedAt: at(200) });
    const rest = await as.query(api.sync.pull, { cursor: first.cursor, limit: 10 });
    expect(rest.changes.map((c) => c.record)).toMatchObject([{ id: logs[2].id }, { id: logs[3].id }, { id: logs[4].id }, { id: logs[0].id, deletedAt: at(200) }]);
    expect(rest.hasMore).toBe(false);
    expect(await as.query(api.sync.pull, { cursor: rest.cursor })).toEqual({ changes: [], cursor: rest.cursor, hasMore: false });
    await expect(as.query(api.sync.pull, { limit: 0 })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
  });

  test("one account never pulls another's changes", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.as.mutation(api.sync.push, { changes: [{ entity: "session", record: session() }] });
    expect((await bob.as.query(api.sync.pull, {})).changes).toEqual([]);
  });
});

describe("migrations:numberUnsequenced", () => {
  test("records written before the change sequence are numbered, sessions first, and then pulled", async () => {
    const { t, user, as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    const log = drink(s.id);
    await t.run(async (ctx) => {
      const owner = ctx.db.normalizeId("users", user.id)!;
      await ctx.db.insert("logEntries", {
        owner, clientId: log.id, sessionClientId: s.id, timestamp: log.timestamp, type: "alcohol",
        alcoholMeta: log.alcoholMeta, source: "phone", updatedAt: log.updatedAt,
      });
      await ctx.db.insert("sessions", { owner, clientId: s.id, startTime: s.startTime, endTime: at(60), isActive: false, updatedAt: s.updatedAt });
    });
    expect((await as.query(api.sync.pull, {})).changes).toEqual([]);
    const { internal } = await import("../_generated/api");
    vi.useFakeTimers();
    await t.mutation(internal.migrations.numberUnsequenced, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    const pulled = await as.query(api.sync.pull, {});
    expect(pulled.changes.map((c) => c.entity)).toEqual(["session", "logEntry"]);
  });
});
