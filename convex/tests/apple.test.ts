// Deleted for good (App Review 5.1.1(v)): sign-in exchanges the app's authorization code for the
// person's Apple refresh token, deleting the account revokes it; Apple's endpoints are a mocked
// fetch. Mirrors the Swift server's AppleRevocationTests.
import { afterEach, describe, expect, test, vi } from "vitest";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { api } from "../_generated/api";
import { code, deviceSignIn, fakeApple, newBackend, uuid } from "./helpers.testing";

type Post = { path: string; form: Record<string, string> };

/** Apple's /auth/token and /auth/revoke in front of the fake JWKS: each post recorded; the code
 * "refused" answers Apple's 400 invalid_grant, any other is exchanged for refresh-for-<code>. */
async function appleEndpoints(configured = true) {
  const apple = await fakeApple();
  const keys = await generateKeyPair("ES256", { extractable: true });
  if (configured) {
    process.env.WATERLINE_APPLE_TEAM_ID = "TEAM123456";
    process.env.WATERLINE_APPLE_KEY_ID = "KEY1234567";
    process.env.WATERLINE_APPLE_PRIVATE_KEY = await exportPKCS8(keys.privateKey);
    process.env.WATERLINE_APPLE_AUTH_URL = "https://appleid.test";
  }
  const posts: Post[] = [];
  const jwks = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith("https://appleid.test/auth/")) return jwks(input, init);
    const form = Object.fromEntries(new URLSearchParams(String(init?.body ?? "")));
    const path = url.slice("https://appleid.test/".length);
    posts.push({ path, form });
    if (path === "auth/token" && form.code === "refused") return new Response(JSON.stringify({ error: "invalid_grant" }), { status: 400 });
    if (path === "auth/token") return new Response(JSON.stringify({ access_token: "a", refresh_token: `refresh-for-${form.code}`, id_token: "x" }));
    return new Response(null, { status: 200 });
  });
  const publicKey = await importSPKI(await exportSPKI(keys.publicKey), "ES256");
  return { apple, posts, publicKey };
}

async function signIn(t: any, apple: Awaited<ReturnType<typeof fakeApple>>, authorizationCode?: string) {
  const nonce = uuid();
  const identityToken = await apple.identityToken({ sub: `apple-${uuid()}`, nonce });
  return await t.action(api.auth.signInWithApple, { identityToken, nonce, ...(authorizationCode === undefined ? {} : { authorizationCode }) });
}

afterEach(() => {
  for (const name of ["WATERLINE_APPLE_TEAM_ID", "WATERLINE_APPLE_KEY_ID", "WATERLINE_APPLE_PRIVATE_KEY", "WATERLINE_APPLE_AUTH_URL", "WATERLINE_APPLE_DEADLINE_MS"]) {
    delete process.env[name];
  }
  vi.useRealTimers();
});

describe("Sign in with Apple revoked with the account", () => {
  test("a code at sign-in is exchanged with a signed client secret; deleting the account revokes the refresh token", async () => {
    const { apple, posts, publicKey } = await appleEndpoints();
    const t = newBackend();
    const session = await signIn(t, apple, "code-1");
    expect(posts.map((post) => post.path)).toEqual(["auth/token"]);
    expect(posts[0].form).toMatchObject({ code: "code-1", grant_type: "authorization_code", client_id: "com.waterline.app" });
    const { payload, protectedHeader } = await jwtVerify(posts[0].form.client_secret, publicKey, { audience: "https://appleid.apple.com" });
    expect(payload).toMatchObject({ iss: "TEAM123456", sub: "com.waterline.app" });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "KEY1234567" });

    vi.useFakeTimers();
    const as = t.withIdentity({ subject: session.user.id });
    const deleted = await as.mutation(api.users.deleteAccount, {});
    expect(deleted).toMatchObject({ appleSignIn: "requested", complete: true });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(posts.map((post) => post.path)).toEqual(["auth/token", "auth/revoke"]);
    expect(posts[1].form).toMatchObject({ token: "refresh-for-code-1", token_type_hint: "refresh_token", client_id: "com.waterline.app" });
    // Asked again with the same token: the same deletion, and Apple is not asked twice.
    expect(await as.mutation(api.users.deleteAccount, {})).toMatchObject({ appleSignIn: "requested" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(posts).toHaveLength(2);
  });

  test("with no key configured: nothing is sent to Apple, and deletion completes and says the link was not revoked", async () => {
    const { apple, posts } = await appleEndpoints(false);
    const t = newBackend();
    const session = await signIn(t, apple, "code-2");
    const deleted = await t.withIdentity({ subject: session.user.id }).mutation(api.users.deleteAccount, {});
    expect(deleted).toEqual({ sessions: 0, logEntries: 0, presets: 0, complete: true, appleSignIn: "not_configured" });
    expect(posts).toEqual([]);
  });

  test("Apple refusing the code never fails the sign-in; with no token kept, deletion says so", async () => {
    const { apple, posts } = await appleEndpoints();
    const t = newBackend();
    for (const authorizationCode of ["refused", undefined]) {
      const session = await signIn(t, apple, authorizationCode);
      const deleted = await t.withIdentity({ subject: session.user.id }).mutation(api.users.deleteAccount, {});
      expect(deleted.appleSignIn).toBe("no_token");
    }
    expect(posts.map((post) => post.path)).toEqual(["auth/token"]);
  });

  test("a revocation Apple fails is tried again, three times in all", async () => {
    const { apple, posts } = await appleEndpoints();
    const t = newBackend();
    const session = await signIn(t, apple, "code-3");
    const exchanged = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      await exchanged(input, init);
      return url.endsWith("/auth/revoke") ? new Response(JSON.stringify({ error: "server_error" }), { status: 503 }) : new Response(null);
    });
    vi.useFakeTimers();
    await t.withIdentity({ subject: session.user.id }).mutation(api.users.deleteAccount, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(posts.filter((post) => post.path === "auth/revoke")).toHaveLength(3);
    // Every try failed: the token is forgotten, and the deletion records the outcome.
    expect(await t.run(async (ctx) => (await ctx.db.query("appleRevocations").collect()).length)).toBe(0);
    expect(await t.run(async (ctx) => (await ctx.db.query("deletions").collect()).map((doc) => doc.appleOutcome))).toEqual(["failed"]);
  });

  test("the refresh token is kept where only the revocation reads it: not in the scheduled job's arguments; the outcome is recorded", async () => {
    const { apple, posts } = await appleEndpoints();
    const t = newBackend();
    const session = await signIn(t, apple, "code-kept");
    vi.useFakeTimers();
    await t.withIdentity({ subject: session.user.id }).mutation(api.users.deleteAccount, {});
    const jobs = await t.run(async (ctx) => await ctx.db.system.query("_scheduled_functions").collect());
    expect(JSON.stringify(jobs.map((job) => job.args))).not.toContain("refresh-for-code-kept");
    expect(await t.run(async (ctx) => (await ctx.db.query("appleRevocations").collect()).map((doc) => doc.refreshToken))).toEqual(["refresh-for-code-kept"]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(posts.map((post) => post.path)).toEqual(["auth/token", "auth/revoke"]);
    expect(await t.run(async (ctx) => (await ctx.db.query("appleRevocations").collect()).length)).toBe(0);
    expect(await t.run(async (ctx) => (await ctx.db.query("deletions").collect()).map((doc) => doc.appleOutcome))).toEqual(["revoked"]);
  });

  test("a silent Apple holds neither sign-in nor revocation past the deadline, and an endless answer is not read whole", async () => {
    const { apple } = await appleEndpoints();
    process.env.WATERLINE_APPLE_DEADLINE_MS = "30";
    const t = newBackend();
    const sent: string[] = [];
    const jwks = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith("https://appleid.test/auth/")) return jwks(input, init);
      sent.push(url.slice("https://appleid.test/".length));
      if (url.endsWith("/auth/token")) {
        // An answer that never ends: a megabyte at a time, for as long as it is read.
        const megabyte = new Uint8Array(1 << 20).fill(32);
        return new Response(new ReadableStream({ pull: (controller) => controller.enqueue(megabyte) }), { status: 200 });
      }
      // Silent: nothing until the caller gives up.
      return await new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    });
    const session = await signIn(t, apple, "code-endless");
    expect(sent).toEqual(["auth/token"]);
    expect(await t.run(async (ctx) => (await ctx.db.query("users").collect()).map((user) => user.appleRefreshToken))).toEqual([undefined]);

    await t.run(async (ctx) => {
      await ctx.db.patch(ctx.db.normalizeId("users", session.user.id)!, { appleRefreshToken: "refresh-silent" });
    });
    await t.withIdentity({ subject: session.user.id }).mutation(api.users.deleteAccount, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(sent.filter((path) => path === "auth/revoke")).toHaveLength(3);
    expect(await t.run(async (ctx) => (await ctx.db.query("deletions").collect()).map((doc) => doc.appleOutcome))).toEqual(["failed"]);
  });

  test("an authorization code that is empty or longer than 1,024 characters is refused before Apple is asked", async () => {
    const { apple, posts } = await appleEndpoints();
    const t = newBackend();
    for (const authorizationCode of ["", "c".repeat(1_025)]) {
      await expect(signIn(t, apple, authorizationCode)).rejects.toMatchObject(code("INVALID_ARGUMENT"));
    }
    expect(posts).toEqual([]);
    await signIn(t, apple, "c".repeat(1_024));
    expect(posts).toHaveLength(1);
  });
});
