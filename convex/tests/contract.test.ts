// Each contract function's successes and refusals against convex/, mirroring the Swift server's
// FunctionTests, AccountSyncTests, TokenLifecycleTests and SyncContractTests.
import { describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import { at, code, deviceSignIn, drink, fakeApple, newBackend, preset, session, signedIn, uuid, water } from "./helpers.testing";

const settingNames = [
  "waterEveryNDrinks", "timeRemindersEnabled", "timeReminderIntervalMinutes", "warningThreshold",
  "defaultWaterAmountOz", "units", "discreetNotifications", "hideLockScreenCounts",
  "reminderStyle", "remindersEndEnabled", "remindersEndMinute",
] as const;

/** Settings all chosen at `chosen`, with `changes` chosen at `later`. */
function settingsAt(chosen: number, later: number, changes: Record<string, unknown> = {}) {
  const stamps = Object.fromEntries(settingNames.map((name) => [name, name in changes ? later : chosen]));
  return {
    waterEveryNDrinks: 1, timeRemindersEnabled: true, timeReminderIntervalMinutes: 20, warningThreshold: 2,
    defaultWaterAmountOz: 8, units: "oz" as const, discreetNotifications: true, hideLockScreenCounts: false,
    reminderStyle: "sound" as const, remindersEndEnabled: false, remindersEndMinute: 60, ...changes,
    updatedAt: Math.max(chosen, later), fieldStamps: stamps,
  };
}

describe("auth:signOut", () => {
  test("ends the token it is called with (identities made as Convex makes them from real tokens); another device's token goes on", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    const phone = await deviceSignIn(t, apple, "apple-two-devices");
    const watch = await deviceSignIn(t, apple, "apple-two-devices");
    // Convex keeps the registered `jti` to itself: the token's id reaches the functions as `tid`.
    expect("jti" in phone.identity).toBe(false);
    expect(typeof phone.identity.tid).toBe("string");
    expect(await phone.as.mutation(api.auth.signOut, {})).toEqual({ revoked: true });
    await expect(phone.as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await expect(phone.as.mutation(api.sessions.upsert, session())).rejects.toMatchObject(code("UNAUTHENTICATED"));
    expect(await watch.as.query(api.users.me, {})).toMatchObject({ id: watch.session.user.id });
  });

  test("is refused without an identity, and for a token that has no id", async () => {
    const { t, as } = await signedIn();
    await expect(t.mutation(api.auth.signOut, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    await expect(as.mutation(api.auth.signOut, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });
});

describe("users:deleteAccount", () => {
  test("counts what it removed; afterwards the identity is refused, but for a second delete, which reports the same deletion", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    await as.mutation(api.sessions.upsert, s);
    await as.mutation(api.logEntries.upsert, drink(s.id));
    await as.mutation(api.logEntries.upsert, water(s.id));
    await as.mutation(api.presets.upsert, preset());
    expect(await as.mutation(api.users.deleteAccount, {})).toEqual({ sessions: 1, logEntries: 2, presets: 1, complete: true, appleSignIn: "not_configured" });
    expect(await as.mutation(api.users.deleteAccount, {})).toEqual({ sessions: 1, logEntries: 2, presets: 1, complete: true, appleSignIn: "not_configured" });
    await expect(as.query(api.sessions.list, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });

  test("is refused without an identity, and touches no one", async () => {
    const { t, as } = await signedIn();
    await as.mutation(api.presets.upsert, preset());
    await expect(t.mutation(api.users.deleteAccount, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    expect(await as.query(api.presets.list, {})).toHaveLength(1);
  });
});

describe("settings:upsert", () => {
  test("out-of-range settings are refused, naming the setting, and nothing changes", async () => {
    const { t, as } = await signedIn();
    const before = (await as.query(api.users.me, {})).settings;
    const bad = [
      { ...settingsAt(at(1), at(1)), waterEveryNDrinks: 0 },
      { ...settingsAt(at(1), at(1)), warningThreshold: 21 },
      { ...settingsAt(at(1), at(1)), timeReminderIntervalMinutes: 7 },
      { ...settingsAt(at(1), at(1)), defaultWaterAmountOz: 0 },
      { ...settingsAt(at(1), at(1)), fieldStamps: { bloodAlcohol: at(1) } },
      { ...settingsAt(at(1), at(2)), fieldStamps: { warningThreshold: at(3) } },
    ];
    for (const settings of bad) {
      await expect(as.mutation(api.settings.upsert, settings)).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    }
    await expect(as.mutation(api.settings.upsert, { ...settingsAt(at(1), at(1)), waterEveryNDrinks: 0 })).rejects.toMatchObject({
      data: { message: expect.stringContaining("waterEveryNDrinks") },
    });
    await expect(t.mutation(api.settings.upsert, settingsAt(at(1), at(1)))).rejects.toMatchObject(code("UNAUTHENTICATED"));
    expect((await as.query(api.users.me, {})).settings).toEqual(before);
  });

  test("counts hidden on one device stay hidden when a device from before the setting sends its settings later", async () => {
    const { as } = await signedIn();
    await as.mutation(api.settings.upsert, settingsAt(at(1), at(2), { hideLockScreenCounts: true }));
    const { hideLockScreenCounts: _, reminderStyle: _s, remindersEndEnabled: _e, remindersEndMinute: _m, fieldStamps: __, ...older } =
      settingsAt(at(3), at(3), { warningThreshold: 5 });
    const kept = await as.mutation(api.settings.upsert, older);
    expect(kept).toMatchObject({ hideLockScreenCounts: true, warningThreshold: 5, updatedAt: at(3) });
    expect((await as.query(api.users.me, {})).settings.hideLockScreenCounts).toBe(true);
  });

  test("quiet reminders chosen on one device survive an older device's later settings; a minute past 23:59 is refused", async () => {
    const { as } = await signedIn();
    await as.mutation(api.settings.upsert, settingsAt(at(1), at(2), { reminderStyle: "haptic", remindersEndEnabled: true, remindersEndMinute: 90 }));
    const { reminderStyle: _s, remindersEndEnabled: _e, remindersEndMinute: _m, fieldStamps: __, ...older } = settingsAt(at(3), at(3), { units: "ml" });
    expect(await as.mutation(api.settings.upsert, older)).toMatchObject({ reminderStyle: "haptic", remindersEndEnabled: true, remindersEndMinute: 90, units: "ml" });
    await expect(as.mutation(api.settings.upsert, settingsAt(at(4), at(4), { remindersEndMinute: 1_440 }))).rejects.toMatchObject({
      data: { code: "INVALID_ARGUMENT", message: expect.stringContaining("remindersEndMinute") },
    });
  });

  test("two devices' changes to different settings are both kept, in either order", async () => {
    for (const order of ["threshold first", "count first"]) {
      const { as } = await signedIn();
      const threshold = settingsAt(at(1), at(2), { warningThreshold: 4 });
      const count = settingsAt(at(1), at(3), { waterEveryNDrinks: 3 });
      const sent = order === "threshold first" ? [threshold, count] : [count, threshold];
      for (const settings of sent) await as.mutation(api.settings.upsert, settings);
      const kept = (await as.query(api.users.me, {})).settings;
      expect(kept).toMatchObject({ warningThreshold: 4, waterEveryNDrinks: 3, updatedAt: at(3) });
    }
  });

  test("a tie keeps the same value whichever arrives first, and an older change loses", async () => {
    const results: string[] = [];
    for (const units of [["ml", "oz"], ["oz", "ml"]] as const) {
      const { as } = await signedIn();
      for (const unit of units) await as.mutation(api.settings.upsert, settingsAt(at(5), at(5), { units: unit }));
      results.push((await as.query(api.users.me, {})).settings.units);
      await as.mutation(api.settings.upsert, settingsAt(at(1), at(1), { units: "ml", warningThreshold: 9 }));
      expect((await as.query(api.users.me, {})).settings).toMatchObject({ units: results[results.length - 1], warningThreshold: 2 });
    }
    expect(results[0]).toBe(results[1]);
  });
});

describe("sessions:getActive and sessions:list", () => {
  test("no session yet is null; an ended one is listed, not active; both refuse a caller without an identity", async () => {
    const { t, as } = await signedIn();
    expect(await as.query(api.sessions.getActive, {})).toBeNull();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    await as.mutation(api.sessions.upsert, s);
    expect(await as.query(api.sessions.getActive, {})).toBeNull();
    expect((await as.query(api.sessions.list, {})).map((doc) => doc.id)).toEqual([s.id]);
    await expect(t.query(api.sessions.getActive, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });

  test("an ended session cannot be active, nor end before it starts", async () => {
    const { as } = await signedIn();
    await expect(as.mutation(api.sessions.upsert, session(uuid(), { endTime: at(60) }))).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(as.mutation(api.sessions.upsert, session(uuid(), { isActive: false, startTime: at(60), endTime: at(1) })))
      .rejects.toMatchObject(code("INVALID_ARGUMENT"));
    expect(await as.query(api.sessions.list, {})).toEqual([]);
  });
});

describe("presets", () => {
  test("100 live presets; the 101st is refused; a deleted one frees its place; updates pass at the limit", async () => {
    const { as } = await signedIn();
    const kept = Array.from({ length: 100 }, (_, index) => preset(uuid(), { sortOrder: index }));
    const { results } = await as.mutation(api.sync.push, { changes: kept.map((record) => ({ entity: "preset" as const, record })) });
    expect(results.every((result) => result.ok)).toBe(true);
    await expect(as.mutation(api.presets.upsert, preset())).rejects.toMatchObject(code("QUOTA_EXCEEDED"));
    expect((await as.mutation(api.presets.upsert, { ...kept[0], name: "Pils", updatedAt: at(9) })).name).toBe("Pils");
    await as.mutation(api.presets.delete, { id: kept[1].id, deletedAt: at(10) });
    expect((await as.mutation(api.presets.upsert, preset())).deletedAt).toBeUndefined();
    expect(await as.query(api.presets.list, {})).toHaveLength(101);
  });

  test("names are trimmed and bounded; a preset unknown to the caller is not found; listing needs an identity", async () => {
    const { t, as } = await signedIn();
    const other = await signedIn();
    await expect(as.mutation(api.presets.upsert, preset(uuid(), { name: "   " }))).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(as.mutation(api.presets.upsert, preset(uuid(), { name: "x".repeat(61) }))).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(as.mutation(api.presets.upsert, preset(uuid(), { sizeOz: 0 }))).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    expect((await as.mutation(api.presets.upsert, preset(uuid(), { name: "  Stout  " }))).name).toBe("Stout");
    const theirs = preset();
    await other.as.mutation(api.presets.upsert, theirs);
    await expect(as.mutation(api.presets.delete, { id: theirs.id, deletedAt: at(5) })).rejects.toMatchObject(code("NOT_FOUND"));
    expect((await other.as.query(api.presets.list, {}))[0].deletedAt).toBeUndefined();
    await expect(t.query(api.presets.list, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });
});

describe("logEntries", () => {
  test("a deleted session takes no new log, but a tombstone for one still lands", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    await as.mutation(api.sessions.upsert, s);
    await as.mutation(api.sessions.upsert, { ...s, deletedAt: at(70), updatedAt: at(70) });
    await expect(as.mutation(api.logEntries.upsert, drink(s.id))).rejects.toMatchObject(code("NOT_FOUND"));
    const undone = drink(s.id, uuid(), { deletedAt: at(65), updatedAt: at(65) });
    expect((await as.mutation(api.logEntries.upsert, undone)).deletedAt).toBe(at(65));
  });

  test("a stamp from a clock a day ahead is held to two minutes ahead, so a later edit elsewhere still wins", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    await as.mutation(api.sessions.upsert, s);
    vi.useFakeTimers();
    vi.setSystemTime(at(100));
    const ahead = drink(s.id, uuid(), { updatedAt: at(100) + 24 * 3600_000 });
    expect((await as.mutation(api.logEntries.upsert, ahead)).updatedAt).toBe(at(102));
    // Five minutes on, another device edits the same drink with a right clock.
    vi.setSystemTime(at(105));
    const later = { ...ahead, updatedAt: at(105), alcoholMeta: { ...ahead.alcoholMeta, standardDrinkEstimate: 2 } };
    expect((await as.mutation(api.logEntries.upsert, later)).alcoholMeta?.standardDrinkEstimate).toBe(2);
    vi.useRealTimers();
  });

  test("equal stamps keep what is stored", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    await as.mutation(api.sessions.upsert, s);
    const log = drink(s.id, uuid(), { updatedAt: at(10) });
    await as.mutation(api.logEntries.upsert, log);
    const same = { ...log, alcoholMeta: { ...log.alcoholMeta, standardDrinkEstimate: 3 } };
    expect((await as.mutation(api.logEntries.upsert, same)).alcoholMeta?.standardDrinkEstimate).toBe(1);
  });
});

describe("sync:push", () => {
  test("500 changes are taken; 501 are refused whole; without an identity nothing is", async () => {
    const { t, as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(600) });
    const logs = Array.from({ length: 499 }, (_, index) => drink(s.id, uuid(), { timestamp: at(index % 600), updatedAt: at(1) }));
    const batch = [{ entity: "session" as const, record: s }, ...logs.map((record) => ({ entity: "logEntry" as const, record }))];
    const { results } = await as.mutation(api.sync.push, { changes: batch });
    expect(results.filter((result) => result.ok)).toHaveLength(500);
    const over = [...batch, { entity: "logEntry" as const, record: drink(s.id) }];
    await expect(as.mutation(api.sync.push, { changes: over })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(t.mutation(api.sync.push, { changes: [] })).rejects.toMatchObject(code("UNAUTHENTICATED"));
    expect(await as.query(api.logEntries.listForSession, { sessionId: s.id })).toHaveLength(499);
  });

  test("sending a batch again changes nothing and answers the same", async () => {
    const { as } = await signedIn();
    const s = session(uuid(), { isActive: false, endTime: at(60) });
    const batch = { changes: [{ entity: "session" as const, record: s }, { entity: "logEntry" as const, record: drink(s.id) }, { entity: "preset" as const, record: preset() }] };
    const first = await as.mutation(api.sync.push, batch);
    const pulled = await as.query(api.sync.pull, {});
    expect(await as.mutation(api.sync.push, batch)).toEqual(first);
    expect(await as.query(api.sync.pull, {})).toEqual(pulled);
    expect(pulled.changes).toHaveLength(3);
  });

  test("a second active session from another device is refused as a conflict, and its logs with it", async () => {
    const { as } = await signedIn();
    await as.mutation(api.sessions.upsert, session());
    const other = session();
    const { results } = await as.mutation(api.sync.push, {
      changes: [{ entity: "session", record: other }, { entity: "logEntry", record: water(other.id) }],
    });
    expect(results.map((result) => (result.ok ? "ok" : result.code))).toEqual(["CONFLICT", "NOT_FOUND"]);
  });
});

describe("sync:pull", () => {
  test("settings and tombstones are changes too; a cursor past the end starts over; a bad cursor is refused", async () => {
    const { as } = await signedIn();
    const p = preset();
    await as.mutation(api.presets.upsert, p);
    await as.mutation(api.settings.upsert, settingsAt(at(1), at(2), { warningThreshold: 5 }));
    await as.mutation(api.presets.delete, { id: p.id, deletedAt: at(3) });
    const all = await as.query(api.sync.pull, {});
    expect(all.changes.map((change) => change.entity)).toEqual(["settings", "preset"]);
    expect(all.changes[1].record).toMatchObject({ id: p.id, deletedAt: at(3) });
    expect(await as.query(api.sync.pull, { cursor: all.cursor + 1000 })).toEqual(all);
    await expect(as.query(api.sync.pull, { cursor: -1 })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(as.query(api.sync.pull, { cursor: 1.5 })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    await expect(as.query(api.sync.pull, { limit: 1001 })).rejects.toMatchObject(code("INVALID_ARGUMENT"));
  });

  test("without an identity it is refused", async () => {
    const t = newBackend();
    await expect(t.query(api.sync.pull, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });
});

describe("what sign-in and sign-out keep", () => {
  test("used nonces and revocations are cleared once their tokens have expired, and not before", async () => {
    const { t, user } = await signedIn();
    const { internal } = await import("../_generated/api");
    expect(await t.mutation(internal.users.useNonce, { nonce: "first", expiresAt: at(10), now: at(0) })).toBe(true);
    expect(await t.mutation(internal.users.useNonce, { nonce: "first", expiresAt: at(10), now: at(5) })).toBe(false);
    expect(await t.mutation(internal.users.useNonce, { nonce: "second", expiresAt: at(30), now: at(20) })).toBe(true);
    await t.run(async (ctx) => expect((await ctx.db.query("usedNonces").collect()).map((doc) => doc.nonce)).toEqual(["second"]));

    vi.useFakeTimers();
    vi.setSystemTime(at(0));
    await t.withIdentity({ subject: user.id, tid: "phone" }).mutation(api.auth.signOut, {});
    vi.setSystemTime(at(0) + 29 * 24 * 3600_000);
    await t.withIdentity({ subject: user.id, tid: "tablet" }).mutation(api.auth.signOut, {});
    vi.setSystemTime(at(0) + 31 * 24 * 3600_000);
    await t.withIdentity({ subject: user.id, tid: "watch" }).mutation(api.auth.signOut, {});
    vi.useRealTimers();
    await t.run(async (ctx) => expect((await ctx.db.query("revokedTokens").collect()).map((doc) => doc.jti)).toEqual(["tablet", "watch"]));
  });
});
