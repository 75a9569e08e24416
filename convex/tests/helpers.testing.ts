// Shared set-up for the convex-test suites: an Apple stand-in, a signing key, record builders.
// (Two dots in the name: Convex deploys no such file as a module.)
import { convexTest } from "convex-test";
import { exportJWK, exportPKCS8, generateKeyPair, SignJWT, type JWK } from "jose";
import { vi } from "vitest";
import { api, internal } from "../_generated/api";
import schema from "../schema";
import { modules } from "./modules.testing";

export { modules };
export const evening = 1_795_291_200_000;
export const at = (minutes: number) => evening + minutes * 60_000;
export const uuid = () => crypto.randomUUID();

process.env.CONVEX_SITE_URL = "https://waterline-test.convex.site";
process.env.WATERLINE_APPLE_AUDIENCE = "com.waterline.app";
process.env.WATERLINE_APPLE_JWKS_URL = "https://apple.test/auth/keys";

/** Apple's key and the deployment's, made once for the whole run: convex/auth.ts keeps the
 * Apple keys it fetched (by key id) for as long as the module lives, as a deployment does. */
const keys = (async () => {
  const apple = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(apple.publicKey)), kid: "apple-test-key", alg: "RS256", use: "sig" };
  const session = await generateKeyPair("ES256", { extractable: true });
  return { privateKey: apple.privateKey, jwk, sessionPEM: await exportPKCS8(session.privateKey) };
})();

/** Apple's signing key and the JWKS the stubbed fetch serves. */
export async function fakeApple() {
  const { privateKey, jwk, sessionPEM } = await keys;
  process.env.WATERLINE_SIGNING_KEY = sessionPEM;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url === process.env.WATERLINE_APPLE_JWKS_URL) {
      return new Response(JSON.stringify({ keys: [jwk] }), { headers: { "Content-Type": "application/json" } });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    async identityToken(options: { sub?: string; nonce?: string; audience?: string; issuer?: string; expiresIn?: number; key?: CryptoKey } = {}) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(options.nonce ?? "raw-nonce"));
      const nonce = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
      const now = Math.floor(Date.now() / 1000);
      return await new SignJWT({ nonce })
        .setProtectedHeader({ alg: "RS256", kid: "apple-test-key" })
        .setIssuer(options.issuer ?? "https://appleid.apple.com")
        .setAudience(options.audience ?? "com.waterline.app")
        .setSubject(options.sub ?? "apple-user")
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(options.key ?? privateKey);
    },
  };
}

/**
 * An empty backend held to Convex's transaction limits, as a deployment always is (the real
 * `convex-test` counts without enforcing unless asked; the stand-in enforces by default).
 */
export function newBackend() {
  return convexTest({ schema, modules, transactionLimits: true });
}

/**
 * The identity Convex makes from a session token (a custom JWT provider): `subject`, `issuer`
 * and `tokenIdentifier` from `sub` and `iss`, and the token's other claims as they are, except
 * the registered ones (`iss`, `sub`, `aud`, `exp`, `nbf`, `iat`, `jti`), which Convex keeps to itself.
 */
export function identityFromToken(token: string) {
  const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(part + "=".repeat((4 - (part.length % 4)) % 4)), (char) => char.charCodeAt(0));
  const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const registered = new Set(["iss", "sub", "aud", "exp", "nbf", "iat", "jti"]);
  const custom = Object.fromEntries(Object.entries(claims).filter(([name]) => !registered.has(name)));
  return { ...custom, subject: claims.sub as string, issuer: claims.iss as string, tokenIdentifier: `${claims.iss}|${claims.sub}` };
}

/** Signs in through auth:signInWithApple as a device does; its session and a client calling with the identity its token makes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function deviceSignIn(t: any, apple: Awaited<ReturnType<typeof fakeApple>>, sub: string) {
  const nonce = uuid();
  const session = await t.action(api.auth.signInWithApple, { identityToken: await apple.identityToken({ sub, nonce }), nonce });
  return { session, identity: identityFromToken(session.token), as: t.withIdentity(identityFromToken(session.token)) };
}

/** A backend (a new one, or `t`) with one more signed-in user, and a client acting as them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function signedIn(appleSub = `apple-${uuid()}`, t: any = newBackend()) {
  const user = await t.mutation(internal.users.upsertByAppleSub, { appleSub, now: evening });
  return { t, user, as: t.withIdentity({ subject: user.id }) };
}

export function session(id = uuid(), overrides: Record<string, unknown> = {}) {
  return { id, startTime: at(0), isActive: true, updatedAt: at(0), ...overrides };
}

export function drink(sessionId: string, id = uuid(), overrides: Record<string, unknown> = {}) {
  return {
    id, sessionId, timestamp: at(5), type: "alcohol" as const, source: "phone" as const, updatedAt: at(5),
    alcoholMeta: { drinkType: "beer" as const, sizeOz: 12, abv: 5, standardDrinkEstimate: 1 },
    ...overrides,
  };
}

export function water(sessionId: string, id = uuid()) {
  return { id, sessionId, timestamp: at(10), type: "water" as const, source: "watch" as const, updatedAt: at(10), waterMeta: { amountOz: 8 } };
}

export function preset(id = uuid(), overrides: Record<string, unknown> = {}) {
  return { id, name: "IPA", drinkType: "beer" as const, sizeOz: 16, abv: 7, standardDrinkEstimate: 1.87, sortOrder: 0, updatedAt: at(0), ...overrides };
}

export const code = (value: string) => ({ data: { code: value } });
