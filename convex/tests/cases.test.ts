// contract/cases.json against convex/: the same calls the Swift server's SharedCaseTests make,
// so the two backends cannot drift apart on what they take and what they refuse.
import { describe, expect, test } from "vitest";
import shared from "../../contract/cases.json";
import { api } from "../_generated/api";
import { signedIn, uuid } from "./helpers.testing";

/** The case's arguments with "{session}" and "{new}" filled in. */
function fill(value: unknown, session: string): unknown {
  if (value === "{session}") return session;
  if (value === "{new}") return uuid();
  if (Array.isArray(value)) return value.map((item) => fill(item, session));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, session)]));
  }
  return value;
}

describe("contract/cases.json", () => {
  for (const sharedCase of shared.cases) {
    test(`${sharedCase.function}: ${sharedCase.name} → ${sharedCase.expect}`, async () => {
      const { as } = await signedIn();
      const session = uuid();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await as.mutation(api.sessions.upsert, fill(shared.setup.args, session) as any);
      const [module, name] = sharedCase.function.split(":");
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const reference = (api as any)[module][name];
      const args = fill(sharedCase.args, session) as Record<string, unknown>;
      const call = sharedCase.kind === "query" ? as.query(reference, args) : as.mutation(reference, args);
      if (sharedCase.expect === "ok") {
        await expect(call).resolves.toBeDefined();
      } else {
        await expect(call).rejects.toMatchObject({ data: { code: sharedCase.expect } });
      }
    });
  }
});
