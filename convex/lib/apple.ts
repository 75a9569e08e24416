// The person's Sign in with Apple link to the app, as Apple's REST API keeps it (AppleAccountLink
// in the Swift server): the app's authorization code is exchanged at sign-in for a refresh token,
// kept on the user; deleting the account revokes it (App Review 5.1.1(v)). Only with the
// deployer's key: WATERLINE_APPLE_TEAM_ID, WATERLINE_APPLE_KEY_ID and WATERLINE_APPLE_PRIVATE_KEY
// (the .p8 file's text); the client id is the app's bundle id, WATERLINE_APPLE_AUDIENCE.
import { importPKCS8, SignJWT } from "jose";

/** Limits.appleAuthorizationCode in WaterlineCore. */
export const authorizationCodeLimit = 1_024;

export type AppleLinkConfig = { clientId: string; teamId: string; keyId: string; privateKey: string; baseURL: string };

/** The deployer's key, or null when any part is missing (deletion then answers not_configured). */
export function appleLinkConfig(): AppleLinkConfig | null {
  const teamId = process.env.WATERLINE_APPLE_TEAM_ID, keyId = process.env.WATERLINE_APPLE_KEY_ID;
  const privateKey = process.env.WATERLINE_APPLE_PRIVATE_KEY;
  if (!teamId || !keyId || !privateKey) return null;
  return {
    clientId: process.env.WATERLINE_APPLE_AUDIENCE ?? "com.waterline.app", teamId, keyId,
    privateKey: privateKey.replace(/\\n/g, "\n"),
    baseURL: process.env.WATERLINE_APPLE_AUTH_URL ?? "https://appleid.apple.com",
  };
}

/** The client secret Apple's endpoints take: an ES256 JWT from the team about the app, for Apple, five minutes long. */
export async function clientSecret(config: AppleLinkConfig, nowMs = Date.now()): Promise<string> {
  const issued = Math.floor(nowMs / 1000);
  return await new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience("https://appleid.apple.com")
    .setIssuedAt(issued)
    .setExpirationTime(issued + 300)
    .sign(await importPKCS8(config.privateKey, "ES256"));
}

async function post(config: AppleLinkConfig, path: string, form: Record<string, string>): Promise<Response> {
  const response = await fetch(`${config.baseURL}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  if (response.status !== 200) {
    const reason = await response.json().then((body: { error?: unknown }) => String(body.error ?? "").slice(0, 60), () => "");
    throw new Error(`Apple answered ${response.status} to ${path}${reason ? ` (${reason})` : ""}`);
  }
  return response;
}

/** The refresh token Apple gives for the app's authorization code. */
export async function exchangeCode(config: AppleLinkConfig, code: string): Promise<string> {
  const response = await post(config, "auth/token", {
    client_id: config.clientId, client_secret: await clientSecret(config), code, grant_type: "authorization_code",
  });
  const body = (await response.json()) as { refresh_token?: unknown };
  if (typeof body.refresh_token !== "string" || body.refresh_token === "") throw new Error("Apple's token answer holds no refresh token");
  return body.refresh_token;
}

/** Ends the link the refresh token stands for. */
export async function revokeToken(config: AppleLinkConfig, refreshToken: string): Promise<void> {
  await post(config, "auth/revoke", {
    client_id: config.clientId, client_secret: await clientSecret(config), token: refreshToken, token_type_hint: "refresh_token",
  });
}
