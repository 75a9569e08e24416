// auth:renew: a device that renews while its token has life left is never asked to sign in,
// and the token it renewed is refused from then on.
import { describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
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
});
