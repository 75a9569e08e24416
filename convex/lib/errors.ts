// Failures in the contract's shape: the HTTP API answers
// {"status":"error","errorMessage":…,"errorData":{"code":…,"message":…}}.
import { ConvexError } from "convex/values";

export type ErrorCode =
  | "UNAUTHENTICATED"
  | "INVALID_ARGUMENT"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNKNOWN_FUNCTION"
  | "BAD_REQUEST"
  | "PAYLOAD_TOO_LARGE"
  | "INTERNAL"
  | "RATE_LIMITED"
  | "QUOTA_EXCEEDED";

/**
 * The longest message sent back (FunctionError.messageLimit in the Swift server): a refusal may
 * quote what the caller sent, and a caller must not get a megabyte echoed, nor a push of 500
 * refusals fail whole for the size of its answer.
 */
export const messageLimit = 400;

/** `message` cut to `messageLimit` characters. */
export const capped = (message: string) => (message.length > messageLimit ? message.slice(0, messageLimit) + "…" : message);

/** What a caller sent, quoted for a message: at most `limit` characters of it. */
export function quoted(value: string, limit = 40): string {
  return value.length > limit ? `${JSON.stringify(value.slice(0, limit))}… (${value.length} characters)` : JSON.stringify(value);
}

/**
 * Refuses the call. `retryAfter` (seconds, RATE_LIMITED only) travels in the error's data, as
 * the Swift server's `Retry-After` header does: Convex's HTTP API sets no headers of a function's.
 */
export function fail(code: ErrorCode, message: string, retryAfter?: number): never {
  throw new ConvexError(retryAfter === undefined ? { code, message: capped(message) } : { code, message: capped(message), retryAfter });
}

export function notFound(what: string, id: string): never {
  fail("NOT_FOUND", `no ${what} with id ${id}`);
}
