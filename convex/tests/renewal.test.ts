// auth:renew: a device that renews while its token has life left is never asked to sign in,
// and the token it renewed is refused from then on.
import { describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import { renewalMinimumAge } from "../auth";
import { writeBudget } from "../lib/budget";
import { code, deviceSignIn, fakeApple, identityFromToken, newBackend } from "./helpers.testing";

const day = 24 * 3600 * 1000;

describe("auth:renew", () => {
  test("signed in on day 1, renewed on days 20, 45 and 70: each new token lives 30 days from its renewal, and each old one is refused", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    const start = Date.now();
    const first = await deviceSignIn(t, apple, "apple-renewing");
    let current = first;
    const ended: (typeof first)[] = [];
    vi.useFakeTimers();
    for (const dayNumber of [20, 45, 70]) {
      vi.setSystemTime(start + dayNumber * day);
      const renewed = await current.as.action(api.auth.renew, {});
      expect(renewed.user.id).toBe(first.session.user.id);
      expect(renewed.expiresAt).toBeGreaterThanOrEqual(start + (dayNumber + 30) * day - 1_000);
      expect(renewed.token).not.toBe(current.session.token);
      ended.push(current);
      const identity = identityFromToken(renewed.token);
      current = { session: renewed, identity, as: t.withIdentity(identity) };
      expect(await current.as.query(api.users.me, {})).toMatchObject({ id: first.session.user.id });
      // The renewed token, still within its life, is refused from now on (a revocation is
      // kept as long as the token could live; past that Convex refuses it as expired).
      const old = ended[ended.length - 1];
      await expect(old.as.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
      await expect(old.as.action(api.auth.renew, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    }
    vi.useRealTimers();
  });

  test("without a session token, or for an account being deleted, nothing is renewed", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    await expect(t.action(api.auth.renew, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    const device = await deviceSignIn(t, apple, "apple-leaving");
    await device.as.mutation(api.users.deleteAccount, {});
    await expect(device.as.action(api.auth.renew, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
  });

  test("ten renewals of one token at once: exactly one gets a successor, the other nine are refused, and its sign-out ends the line", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    const device = await deviceSignIn(t, apple, "apple-forking");
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + renewalMinimumAge * 1000 + 1_000);
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => device.as.action(api.auth.renew, {})));
    const winners = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === "rejected")) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject(code("UNAUTHENTICATED"));
    }
    const successor = t.withIdentity(identityFromToken((winners[0] as PromiseFulfilledResult<{ token: string }>).value.token));
    expect(await successor.mutation(api.auth.signOut, {})).toEqual({ revoked: true });
    await expect(successor.query(api.users.me, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    vi.useRealTimers();
  });

  test("a token younger than ten minutes is not renewed (RATE_LIMITED with the wait) and keeps working; at ten minutes it is", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    vi.useFakeTimers();
    const start = Date.now();
    vi.setSystemTime(start);
    const device = await deviceSignIn(t, apple, "apple-spaced");
    vi.setSystemTime(start + 60_000);
    await expect(device.as.action(api.auth.renew, {})).rejects.toMatchObject({
      data: { code: "RATE_LIMITED", retryAfter: renewalMinimumAge - 60 },
    });
    expect(await device.as.query(api.users.me, {})).toMatchObject({ id: device.session.user.id });
    vi.setSystemTime(start + renewalMinimumAge * 1000);
    const renewed = await device.as.action(api.auth.renew, {});
    expect(renewed.user.id).toBe(device.session.user.id);
    // Its successor waits its own ten minutes.
    await expect(t.withIdentity(identityFromToken(renewed.token)).action(api.auth.renew, {})).rejects.toMatchObject(code("RATE_LIMITED"));
    vi.useRealTimers();
  });

  test("renewals and sign-outs are taken from the account's write budget; a token without an id is not renewed", async () => {
    const apple = await fakeApple();
    const t = newBackend();
    vi.useFakeTimers();
    const start = Date.now();
    vi.setSystemTime(start);
    const device = await deviceSignIn(t, apple, "apple-budget");
    await t.run(async (ctx) => {
      await ctx.db.patch(ctx.db.normalizeId("users", device.session.user.id)!, { writeBudget: { tokens: 1, at: start } });
    });
    vi.setSystemTime(start + renewalMinimumAge * 1000);
    const renewed = await device.as.action(api.auth.renew, {});
    const successor = t.withIdentity(identityFromToken(renewed.token));
    // The one record left went to the renewal (a few more refilled in ten minutes, fewer than one per second).
    const left = await t.run(async (ctx) => (await ctx.db.get(ctx.db.normalizeId("users", device.session.user.id)!))!.writeBudget!.tokens);
    expect(Math.round(left)).toBe(Math.round((renewalMinimumAge * writeBudget.perHour) / 3600));
    await t.run(async (ctx) => {
      await ctx.db.patch(ctx.db.normalizeId("users", device.session.user.id)!, { writeBudget: { tokens: 0, at: start + renewalMinimumAge * 1000 } });
    });
    await expect(successor.mutation(api.auth.signOut, {})).rejects.toMatchObject(code("RATE_LIMITED"));
    expect(await successor.query(api.users.me, {})).toMatchObject({ id: device.session.user.id });

    const legacy = t.withIdentity({ subject: device.session.user.id });
    await expect(legacy.action(api.auth.renew, {})).rejects.toMatchObject(code("UNAUTHENTICATED"));
    vi.useRealTimers();
  });
});
