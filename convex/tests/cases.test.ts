// contract/cases.json against convex/: the same calls the Swift server's SharedCaseTests make,
// so the two backends cannot drift apart on what they take and what they refuse.
import { describe, expect, test } from "vitest";
import shared from "../../contract/cases.json";
import { api } from "../_generated/api";
import { accountCounts } from "../lib/changes";
import { signedIn, uuid } from "./helpers.testing";

/** Numbers JSON cannot write, as the cases name them. */
const specialNumbers: Record<string, number> = { "{NaN}": NaN, "{Infinity}": Infinity, "{-Infinity}": -Infinity, "{-0}": -0 };

/** Where `answer` differs from `expected` (every field of it, numbers with their sign), or undefined. */
function mismatch(answer: unknown, expected: unknown, path = "answer"): string | undefined {
  if (expected !== null && typeof expected === "object") {
    if (answer === null || typeof answer !== "object") return `${path} is ${JSON.stringify(answer)}`;
    for (const [key, item] of Object.entries(expected)) {
      const found = mismatch((answer as Record<string, unknown>)[key], item, `${path}.${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return Object.is(answer, expected) ? undefined : `${path} is ${Object.is(answer, -0) ? "-0" : JSON.stringify(answer)}, not ${JSON.stringify(expected)}`;
}

/** The case's arguments with "{session}", "{new}" and the special numbers filled in, each {"repeat": N, "of": X} of a list made N copies, and each {"characters": N} a string of N letters. */
function fill(value: unknown, session: string): unknown {
  if (value === "{session}") return session;
  if (value === "{new}") return uuid();
  if (typeof value === "string" && value in specialNumbers) return specialNumbers[value];
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const repeated = item as { repeat?: number; of?: unknown };
      if (repeated !== null && typeof repeated === "object" && typeof repeated.repeat === "number" && "of" in repeated) {
        return Array.from({ length: repeated.repeat }, () => fill(repeated.of, session));
      }
      return [fill(item, session)];
    });
  }
  if (value !== null && typeof value === "object") {
    const characters = (value as { characters?: unknown }).characters;
    if (typeof characters === "number" && Object.keys(value).length === 1) return "x".repeat(characters);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, session)]));
  }
  return value;
}

// A case with calls before it fills an account to a bound (20,000 sessions, 25,000 writes): the
// real convex-test reads every document of a table for each query, so those take tens of
// seconds there, and say so with their own timeout.
const atScale = 120_000;

describe("contract/cases.json", () => {
  for (const sharedCase of shared.cases) {
    test(`${sharedCase.function}: ${sharedCase.name} → ${sharedCase.expect}`, async () => {
      const { t, user, as } = await signedIn();
      const session = uuid();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await as.mutation(api.sessions.upsert, fill(shared.setup.args, session) as any);
      const send = (call: { function: string; kind: string; args: unknown }) => {
        const [module, name] = call.function.split(":");
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const reference = (api as any)[module][name];
        const args = fill(call.args, session) as Record<string, unknown>;
        return call.kind === "query" ? as.query(reference, args) : as.mutation(reference, args);
      };
      // Seeded sessions are written directly, as sessions:upsert writes them, with the account's
      // counts and change numbers moved as its functions move them (ten thousand a transaction).
      const endedSessions = (sharedCase as { seed?: { endedSessions?: number } }).seed?.endedSessions ?? 0;
      for (let written = 0; written < endedSessions; written += 10_000) {
        const count = Math.min(10_000, endedSessions - written);
        await t.run(async (ctx) => {
          const owner = ctx.db.normalizeId("users", user.id)!;
          const account = (await ctx.db.get(owner))!;
          let seq = account.changeSeq ?? 0;
          for (let index = 0; index < count; index++) {
            seq += 1;
            await ctx.db.insert("sessions", {
              owner, clientId: uuid(), startTime: 1_795_291_200_000, endTime: 1_795_294_800_000, isActive: false, updatedAt: 1_795_291_200_000, seq,
            });
          }
          const counts = accountCounts(account);
          await ctx.db.patch(owner, {
            changeSeq: seq, counts: { ...counts, sessions: { kept: counts.sessions.kept + count, live: counts.sessions.live + count } },
          });
        });
      }
      const before = (sharedCase as { before?: { function: string; kind: string; args: unknown; repeat?: number }[] }).before ?? [];
      for (const step of before) {
        for (let round = 0; round < (step.repeat ?? 1); round++) await send(step);
      }
      const call = send(sharedCase);
      if (sharedCase.expect === "ok") {
        const answer = await call;
        expect(answer).toBeDefined();
        const answers = (sharedCase as { answers?: unknown }).answers;
        if (answers !== undefined) expect(mismatch(answer, answers)).toBeUndefined();
      } else {
        const refusal = await call.then(() => undefined, (error: unknown) => error as { data?: { code?: string; message?: string } });
        expect(refusal?.data?.code).toBe(sharedCase.expect);
        // Every refusal message is at most 400 characters (and an ellipsis), whatever was sent.
        expect(refusal?.data?.message?.length ?? 0).toBeLessThanOrEqual(401);
      }
      // A limit case passed: a row of the README's table of limits (scripts/test-convex collects
      // them; under the real vitest nothing does, and this is a no-op).
      if ((sharedCase as { limit?: boolean }).limit) (globalThis as { waterlineLimitCases?: string[] }).waterlineLimitCases?.push(sharedCase.name);
    }, "before" in sharedCase || "seed" in sharedCase ? atScale : undefined);
  }
});
