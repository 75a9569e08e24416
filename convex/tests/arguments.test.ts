// lib/arguments.ts: public functions' arguments read by the project's code, refused with
// INVALID_ARGUMENT and a message that names the field and quotes at most 40 characters.
import { ConvexError, v } from "convex/values";
import { describe, expect, test } from "vitest";
import { readArgs } from "../lib/arguments";
import { settingsFields, syncChange } from "../lib/validators";

/** The refusal `read` throws: its code and message. */
function refusal(read: () => unknown): { code?: string; message?: string } {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConvexError);
    return (error as ConvexError<{ code?: string; message?: string }>).data;
  }
  throw new Error("the arguments were taken");
}

const session = { id: "5b0c1c9e-3c63-4c4a-9a57-2f0f6a8f2b11", startTime: 1_795_291_200_000, isActive: true, updatedAt: 1_795_291_200_000 };
const pull = { cursor: v.optional(v.number()), limit: v.optional(v.number()) };

describe("readArgs", () => {
  test("takes what fits and hands back the same arguments", () => {
    const args = { changes: [{ entity: "session", record: session }] };
    expect(readArgs({ changes: v.array(syncChange) }, args)).toBe(args);
    expect(readArgs(pull, {})).toEqual({});
    expect(readArgs(pull, undefined)).toEqual({});
    // A field set to undefined is no field, as on Convex's wire.
    expect(readArgs(pull, { cursor: undefined })).toEqual({ cursor: undefined });
  });

  test("a 100,000-character string where a number belongs is named, not echoed", () => {
    const { code, message } = refusal(() => readArgs(pull, { cursor: "x".repeat(100_000) }));
    expect(code).toBe("INVALID_ARGUMENT");
    expect(message).toContain("cursor: expected a number");
    expect(message).toContain("(100000 characters)");
    expect(message!.length).toBeLessThan(120);
  });

  test("names the path to a field deep in a push", () => {
    const changes = [{ entity: "session", record: session }, { entity: "session", record: { ...session, startTime: "late" } }];
    expect(refusal(() => readArgs({ changes: v.array(syncChange) }, { changes })).message).toBe(
      'changes[1].record.startTime: expected a number, got the string "late"',
    );
  });

  test("a tagged change is checked against the member its tag names", () => {
    const log = { id: session.id, sessionId: session.id, timestamp: 1, type: "juice", source: "phone", updatedAt: 1 };
    expect(refusal(() => readArgs({ changes: v.array(syncChange) }, { changes: [{ entity: "logEntry", record: log }] })).message).toBe(
      'changes[0].record.type: expected one of "alcohol", "water", got the string "juice"',
    );
  });

  test("refuses a field the function does not take, quoting at most 40 characters of its name", () => {
    expect(refusal(() => readArgs(pull, { everything: true })).message).toBe('arguments: "everything" is not an argument this function takes');
    const long = refusal(() => readArgs({}, { ["k".repeat(5_000)]: 1 })).message!;
    expect(long).toContain("(5000 characters)");
    expect(long.length).toBeLessThan(120);
  });

  test("refuses a missing required field and arguments that are not an object", () => {
    expect(refusal(() => readArgs({ changes: v.array(syncChange) }, {})).message).toBe("changes is required");
    expect(refusal(() => readArgs(pull, ["x".repeat(100_000)])).message).toBe("arguments: expected an object, got a list of 1");
  });

  test("checks a record's values and a list's type", () => {
    const settings = {
      waterEveryNDrinks: 2, timeRemindersEnabled: true, timeReminderIntervalMinutes: 30, warningThreshold: 3,
      defaultWaterAmountOz: 8, units: "oz", discreetNotifications: false, updatedAt: 1, fieldStamps: { units: "yesterday" },
    };
    expect(refusal(() => readArgs(settingsFields, settings)).message).toBe('fieldStamps.units: expected a number, got the string "yesterday"');
    expect(refusal(() => readArgs({ changes: v.array(syncChange) }, { changes: "x".repeat(100_000) })).message).toMatch(
      /^changes: expected a list, got the string "x{40}"… \(100000 characters\)$/,
    );
  });
});
