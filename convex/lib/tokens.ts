// The deployment's own session tokens: ES256, signed with WATERLINE_SIGNING_KEY (PKCS#8 PEM),
// issued by this deployment's site URL, audience "waterline". auth.config.ts trusts them.
import { exportJWK, importPKCS8, SignJWT, type JWK } from "jose";
import { fail } from "./errors";

export const audience = "waterline";
export const keyId = "waterline-session-1";
const lifetimeSeconds = 30 * 24 * 3600;

function signingKeyPEM(): string {
  const pem = process.env.WATERLINE_SIGNING_KEY;
  if (!pem) fail("INTERNAL", "WATERLINE_SIGNING_KEY is not set on this deployment");
  return pem.replace(/\\n/g, "\n");
}

export function issuer(): string {
  const site = process.env.CONVEX_SITE_URL;
  if (!site) fail("INTERNAL", "CONVEX_SITE_URL is not set");
  return site;
}

export async function issueSessionToken(userId: string, nowMs: number): Promise<{ token: string; expiresAt: number }> {
  const key = await importPKCS8(signingKeyPEM(), "ES256");
  const issuedAt = Math.floor(nowMs / 1000);
  const expires = issuedAt + lifetimeSeconds;
  // Its own id, so signing out ends this token and no other: in `tid`, which Convex puts on the
  // identity (lib/auth.ts tokenId), and in the standard `jti`, which Convex keeps to itself.
  // Its issue time likewise in `tat` as well as `iat`, for auth:renew's spacing (tokenIssuedAt).
  const id = crypto.randomUUID();
  const token = await new SignJWT({ tid: id, tat: issuedAt })
    .setProtectedHeader({ alg: "ES256", kid: keyId, typ: "JWT" })
    .setSubject(userId)
    .setIssuer(issuer())
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .setJti(id)
    .sign(key);
  return { token, expiresAt: expires * 1000 };
}

/** The public half of the signing key as a JWKS document. */
export async function publicJWKS(): Promise<{ keys: JWK[] }> {
  const key = await importPKCS8(signingKeyPEM(), "ES256", { extractable: true });
  const { kty, crv, x, y } = await exportJWK(key);
  return { keys: [{ kty, crv, x, y, kid: keyId, alg: "ES256", use: "sig" }] };
}
