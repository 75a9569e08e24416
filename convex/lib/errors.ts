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

export function fail(code: ErrorCode, message: string): never {
  throw new ConvexError({ code, message });
}

export function notFound(what: string, id: string): never {
  fail("NOT_FOUND", `no ${what} with id ${id}`);
}
