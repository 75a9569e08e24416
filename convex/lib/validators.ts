// Value shapes shared by the schema, the function arguments and the return types.
// They follow contract/functions.json ("types"), which the Swift client and server share.
import { v } from "convex/values";

export const units = v.union(v.literal("oz"), v.literal("ml"));
export const drinkType = v.union(v.literal("beer"), v.literal("wine"), v.literal("liquor"), v.literal("cocktail"));
export const logType = v.union(v.literal("alcohol"), v.literal("water"));
export const logSource = v.union(v.literal("phone"), v.literal("watch"), v.literal("widget"), v.literal("live_activity"));

export const settingsFields = {
  waterEveryNDrinks: v.number(),
  timeRemindersEnabled: v.boolean(),
  timeReminderIntervalMinutes: v.number(),
  warningThreshold: v.number(),
  defaultWaterAmountOz: v.number(),
  units,
  discreetNotifications: v.boolean(),
  // UserSettings.hideLockScreenCounts: optional, so settings written before it read as false.
  hideLockScreenCounts: v.optional(v.boolean()),
  // UserSettings.reminderStyle, remindersEndEnabled and remindersEndMinute: optional likewise.
  reminderStyle: v.optional(v.union(v.literal("sound"), v.literal("haptic"), v.literal("silent"))),
  remindersEndEnabled: v.optional(v.boolean()),
  remindersEndMinute: v.optional(v.number()),
  updatedAt: v.number(),
  // UserSettings.fieldStamps: when each setting was last chosen (missing: updatedAt).
  fieldStamps: v.optional(v.record(v.string(), v.number())),
};
export const settings = v.object(settingsFields);

export const pacingAdherence = v.object({ breaksDue: v.number(), breaksKept: v.number() });

export const sessionSummary = v.object({
  totalAlcoholCount: v.number(),
  totalStandardDrinks: v.number(),
  totalWaterCount: v.number(),
  totalWaterOz: v.number(),
  durationSeconds: v.number(),
  finalWaterline: v.number(),
  peakWaterline: v.number(),
  lowestWaterline: v.number(),
  adherence: pacingAdherence,
  waterEveryNDrinks: v.optional(v.number()),
});

export const alcoholMeta = v.object({
  drinkType,
  sizeOz: v.number(),
  abv: v.optional(v.number()),
  standardDrinkEstimate: v.number(),
  presetId: v.optional(v.string()),
});

export const waterMeta = v.object({ amountOz: v.number() });

/** What the functions return: the client's records, keyed by their client-made id. */
export const user = v.object({
  id: v.string(),
  appleUserId: v.optional(v.string()),
  createdAt: v.number(),
  settings,
  updatedAt: v.number(),
});

// Each record's fields are declared once. A table stores them as they are, keyed by the client-made
// id in `clientId` (a log's session in `sessionClientId`), beside `owner` and its bookkeeping (schema.ts).

/** A session's fields as the `sessions` table stores them. */
export const sessionStoredFields = {
  startTime: v.number(),
  endTime: v.optional(v.number()),
  isActive: v.boolean(),
  computedSummary: v.optional(sessionSummary),
  updatedAt: v.number(),
  deletedAt: v.optional(v.number()),
  // Session.plannedDrinks: "I'm planning N drinks" (1 to 30 standard drinks), when a plan was made.
  plannedDrinks: v.optional(v.number()),
};
export const sessionFields = { id: v.string(), ...sessionStoredFields };
export const session = v.object(sessionFields);

/** A log's fields as the `logEntries` table stores them. */
export const logEntryStoredFields = {
  timestamp: v.number(),
  type: logType,
  alcoholMeta: v.optional(alcoholMeta),
  waterMeta: v.optional(waterMeta),
  source: logSource,
  updatedAt: v.number(),
  deletedAt: v.optional(v.number()),
};
export const logEntryFields = { id: v.string(), sessionId: v.string(), ...logEntryStoredFields };
export const logEntry = v.object(logEntryFields);

/** A preset's fields as the `drinkPresets` table stores them. */
export const presetStoredFields = {
  name: v.string(),
  drinkType,
  sizeOz: v.number(),
  abv: v.optional(v.number()),
  standardDrinkEstimate: v.number(),
  sortOrder: v.number(),
  updatedAt: v.number(),
  deletedAt: v.optional(v.number()),
};
export const presetFields = { id: v.string(), ...presetStoredFields };
export const preset = v.object(presetFields);

export const authSession = v.object({ token: v.string(), expiresAt: v.number(), user });

/** What users:deleteAccount removed so far, and whether the account is all gone. */
export const appleSignInRevocation = v.union(v.literal("requested"), v.literal("not_configured"), v.literal("no_token"));

/** What users:deleteAccount removed so far, whether the account is all gone, and what became of its Sign in with Apple link. */
export const deletedAccount = v.object({
  sessions: v.number(), logEntries: v.number(), presets: v.number(), complete: v.boolean(),
  appleSignIn: v.optional(appleSignInRevocation),
});

/** Records kept (tombstones included) and live, of one kind (lib/counts.ts). */
export const tally = v.object({ kept: v.number(), live: v.number() });

/** One record's whole state in a sync:push batch or a sync:pull page (WaterlineAPI's SyncPayload). */
export const syncChange = v.union(
  v.object({ entity: v.literal("session"), record: session }),
  v.object({ entity: v.literal("logEntry"), record: logEntry }),
  v.object({ entity: v.literal("preset"), record: preset }),
  v.object({ entity: v.literal("settings"), record: settings }),
);

export const changeOutcome = v.object({
  ok: v.boolean(),
  change: v.optional(syncChange),
  code: v.optional(v.string()),
  message: v.optional(v.string()),
});

export const pullPage = v.object({ changes: v.array(syncChange), cursor: v.number(), hasMore: v.boolean() });
