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

/**
 * Each call to Apple ends this long after it began, however slowly the answer comes
 * (AppleExchange's deadline in the Swift server): 10 s, or WATERLINE_APPLE_DEADLINE_MS.
 */
export function appleDeadlineMs(): number {
  const set = Number(process.env.WATERLINE_APPLE_DEADLINE_MS);
  return Number.isFinite(set) && set > 0 ? set : 10_000;
}
/** The most of an answer from Apple that is read (Apple's are a few hundred bytes). */
export const appleAnswerLimit = 64 * 1024;

/** The answer's body as text, refused past `limit` bytes, read only until the call's deadline. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const announced = Number(response.headers.get("content-length") ?? "0");
  if (announced > limit) throw new Error(`Apple's answer is larger than ${limit} bytes`);
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`Apple's answer is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/** POSTs a form to Apple within the deadline, following no redirect; the answer's text on a 200. */
async function post(config: AppleLinkConfig, path: string, form: Record<string, string>): Promise<string> {
  const deadline = new AbortController();
  const limit = appleDeadlineMs();
  const timer = setTimeout(() => deadline.abort(), limit);
  const signal = deadline.signal;
  try {
    const response = await fetch(`${config.baseURL}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "error",
      signal,
    });
    const text = await boundedText(response, appleAnswerLimit);
    if (response.status !== 200) {
      let reason = "";
      try {
        reason = String((JSON.parse(text) as { error?: unknown }).error ?? "").slice(0, 60);
      } catch {
        reason = "";
      }
      throw new Error(`Apple answered ${response.status} to ${path}${reason ? ` (${reason})` : ""}`);
    }
    return text;
  } catch (error) {
    if (signal.aborted) throw new Error(`Apple did not answer ${path} within ${limit} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The refresh token Apple gives for the app's authorization code. */
export async function exchangeCode(config: AppleLinkConfig, code: string): Promise<string> {
  const text = await post(config, "auth/token", {
    client_id: config.clientId, client_secret: await clientSecret(config), code, grant_type: "authorization_code",
  });
  let body: { refresh_token?: unknown } = {};
  try {
    body = JSON.parse(text) as { refresh_token?: unknown };
  } catch {
    throw new Error("Apple's token answer is not JSON");
  }
  if (typeof body.refresh_token !== "string" || body.refresh_token === "") throw new Error("Apple's token answer holds no refresh token");
  return body.refresh_token;
}

/** Ends the link the refresh token stands for. */
export async function revokeToken(config: AppleLinkConfig, refreshToken: string): Promise<void> {
  await post(config, "auth/revoke", {
    client_id: config.clientId, client_secret: await clientSecret(config), token: refreshToken, token_type_hint: "refresh_token",
  });
}
