// The rules every backend applies, mirrored from the Swift core (WaterlineCore Limits, WaterlineAPI Stamp.isReplaced).
import { fail, quoted } from "./errors";

/** Seconds since 1970 bounds, as milliseconds: 2000-01-01 to 2100-01-01. */
const earliest = 946_684_800_000;
const latest = 4_102_444_800_000;

export const intervalChoices = [10, 15, 20, 30, 45, 60];

export function outOfRange(field: string, value: number, allowed: string): never {
  fail("INVALID_ARGUMENT", `${field} must be ${allowed} (got ${value})`);
}

export function checkRange(field: string, value: number, lower: number, upper: number, lowerExclusive = false, unit = "") {
  const ok = Number.isFinite(value) && value <= upper && (lowerExclusive ? value > lower : value >= lower);
  if (!ok) {
    const low = lowerExclusive ? `more than ${lower}` : `at least ${lower}`;
    outOfRange(field, value, `${low} and at most ${upper}${unit ? " " + unit : ""}`);
  }
}

export function checkTime(field: string, milliseconds: number | undefined) {
  if (milliseconds === undefined) return;
  if (!Number.isFinite(milliseconds) || milliseconds < earliest || milliseconds > latest) {
    outOfRange(field, milliseconds, "a time between 2000 and 2100 in milliseconds since 1970");
  }
}

/**
 * `value` with every number in it checked finite and −0 made 0, or INVALID_ARGUMENT naming the
 * field. Convex's wire format carries NaN, ±Infinity and −0 (as `{"$float": …}`), which no
 * client reads back and −0 passes every `>= 0` check: records take only numbers every client
 * reads, as the Swift server's JSON parser gives (it reads no non-finite number, and "-0" as 0).
 */
export function finiteNumbers<T>(value: T, field = "value"): T {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail("INVALID_ARGUMENT", `${field} must be a finite number`);
    return (Object.is(value, -0) ? 0 : value) as T;
  }
  if (Array.isArray(value)) return value.map((item, index) => finiteNumbers(item, `${field}[${index}]`)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, finiteNumbers(item, field === "value" ? key : `${field}.${key}`)])) as T;
  }
  return value;
}

/** Lowercase canonical form of a client-made UUID, or INVALID_ARGUMENT. */
export function clientId(field: string, value: string): string {
  if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(value)) {
    fail("INVALID_ARGUMENT", `${field}: not a UUID (got ${quoted(value)})`);
  }
  return value.toLowerCase();
}

export type Stamp = { updatedAt: number; deletedAt?: number };

/**
 * Whether an incoming version replaces the stored one: deleting is final (a tombstone is never
 * replaced, and replaces any live version); otherwise the later updatedAt wins; a tie keeps
 * what is stored.
 */
export function isReplaced(stored: Stamp, incoming: Stamp): boolean {
  if (stored.deletedAt !== undefined) return false;
  if (incoming.deletedAt !== undefined) return true;
  return incoming.updatedAt > stored.updatedAt;
}

export function checkSettings(s: {
  waterEveryNDrinks: number;
  warningThreshold: number;
  timeReminderIntervalMinutes: number;
  defaultWaterAmountOz: number;
  remindersEndMinute?: number;
  updatedAt: number;
  fieldStamps?: Record<string, number>;
}) {
  // Limits.waterEveryNDrinks and Limits.warningThreshold in WaterlineKit.
  if (!(Number.isInteger(s.waterEveryNDrinks) && s.waterEveryNDrinks >= 1 && s.waterEveryNDrinks <= 99)) outOfRange("waterEveryNDrinks", s.waterEveryNDrinks, "at least 1 and at most 99");
  if (!(Number.isInteger(s.warningThreshold) && s.warningThreshold >= 1 && s.warningThreshold <= 20)) outOfRange("warningThreshold", s.warningThreshold, "at least 1 and at most 20");
  if (!intervalChoices.includes(s.timeReminderIntervalMinutes)) {
    outOfRange("timeReminderIntervalMinutes", s.timeReminderIntervalMinutes, intervalChoices.join(", "));
  }
  checkRange("defaultWaterAmountOz", s.defaultWaterAmountOz, 0.5, 64, false, "oz");
  // Limits.remindersEndMinute: a minute of the day.
  const end = s.remindersEndMinute;
  if (end !== undefined && !(Number.isInteger(end) && end >= 0 && end <= 1_439)) outOfRange("remindersEndMinute", end, "at least 0 and at most 1439");
  checkTime("updatedAt", s.updatedAt);
  for (const [name, stamp] of Object.entries(s.fieldStamps ?? {})) {
    if (!(settingFields as readonly string[]).includes(name)) fail("INVALID_ARGUMENT", `fieldStamps: ${quoted(name)} is not a setting`);
    // A setting never chosen keeps the untouched stamp, 1970 (a first edit sends the others so).
    if (stamp !== 0) checkTime(`fieldStamps.${name}`, stamp);
    if (stamp > s.updatedAt) fail("INVALID_ARGUMENT", `fieldStamps.${name}: a setting cannot change after the settings did`);
  }
}

/** SettingsField in WaterlineCore: the settings two devices' changes are merged by. */
export const settingFields = [
  "waterEveryNDrinks", "timeRemindersEnabled", "timeReminderIntervalMinutes", "warningThreshold",
  "defaultWaterAmountOz", "units", "discreetNotifications", "hideLockScreenCounts",
  "reminderStyle", "remindersEndEnabled", "remindersEndMinute",
] as const;

/**
 * The settings added after the first release, with their defaults: settings written before one
 * existed (a stored document, or an older device's upsert) read as the default, never chosen
 * (UserSettings' decoding in WaterlineCore).
 */
export const laterSettingDefaults = {
  hideLockScreenCounts: false, reminderStyle: "sound", remindersEndEnabled: false, remindersEndMinute: 60,
} as const;

type Settings = {
  waterEveryNDrinks: number; timeRemindersEnabled: boolean; timeReminderIntervalMinutes: number; warningThreshold: number;
  defaultWaterAmountOz: number; units: "oz" | "ml"; discreetNotifications: boolean; hideLockScreenCounts?: boolean;
  reminderStyle?: "sound" | "haptic" | "silent"; remindersEndEnabled?: boolean; remindersEndMinute?: number; updatedAt: number;
  fieldStamps?: Record<string, number>;
};

/** SettingsField.value(in:): a setting spelled as Swift spells it, for the same tie-break. */
function spelled(settings: Settings, field: (typeof settingFields)[number]): string {
  // A setting missing from settings written before it existed is its default.
  const value = settings[field] ?? laterSettingDefaults[field as keyof typeof laterSettingDefaults];
  return typeof value === "number" && field === "defaultWaterAmountOz" ? swiftDouble(value) : String(value);
}

/**
 * UserSettings.merged(with:) in WaterlineCore: setting by setting, the value chosen last wins
 * (a tie: the one that spells last); the stamp is the later of the two.
 */
export function mergeSettings(mine: Settings, other: Settings): Settings {
  const result: Settings = { ...mine };
  const stamps: Record<string, number> = {};
  for (const field of settingFields) {
    const a = mine.fieldStamps?.[field] ?? mine.updatedAt;
    const b = other.fieldStamps?.[field] ?? other.updatedAt;
    const theirs = spelled(other, field), ours = spelled(mine, field);
    if (b > a || (b === a && theirs > ours)) (result as Record<string, unknown>)[field] = other[field];
    stamps[field] = Math.max(a, b);
  }
  result.updatedAt = Math.max(mine.updatedAt, other.updatedAt);
  if (Object.values(stamps).every((stamp) => stamp === result.updatedAt)) delete result.fieldStamps;
  else result.fieldStamps = stamps;
  return result;
}

/** Swift's `String(Double)`: a whole number keeps ".0". */
function swiftDouble(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

export function checkAlcohol(meta: { sizeOz: number; abv?: number; standardDrinkEstimate: number }) {
  checkRange("sizeOz", meta.sizeOz, 0, 64, true, "oz");
  if (meta.abv !== undefined) checkRange("abv", meta.abv, 0, 100, false, "%");
  checkRange("standardDrinkEstimate", meta.standardDrinkEstimate, 0, 10);
}

/** SessionSummary.validate() in WaterlineKit: a summary that can describe a session. */
export function checkSummary(summary: {
  totalAlcoholCount: number; totalStandardDrinks: number; totalWaterCount: number; totalWaterOz: number;
  durationSeconds: number; finalWaterline: number; peakWaterline: number; lowestWaterline: number;
  adherence: { breaksDue: number; breaksKept: number };
  waterEveryNDrinks?: number;
} | undefined) {
  if (summary === undefined) return;
  const most = 10_000;
  checkRange("computedSummary.totalAlcoholCount", summary.totalAlcoholCount, 0, most);
  checkRange("computedSummary.totalWaterCount", summary.totalWaterCount, 0, most);
  checkRange("computedSummary.totalStandardDrinks", summary.totalStandardDrinks, 0, most * 10);
  checkRange("computedSummary.totalWaterOz", summary.totalWaterOz, 0, most * 64, false, "oz");
  checkRange("computedSummary.durationSeconds", summary.durationSeconds, 0, 4_102_444_800 - 946_684_800, false, "seconds");
  for (const field of ["finalWaterline", "peakWaterline", "lowestWaterline"] as const) {
    checkRange(`computedSummary.${field}`, summary[field], -most, most * 10);
  }
  if (!(summary.lowestWaterline <= summary.finalWaterline && summary.finalWaterline <= summary.peakWaterline)) {
    fail("INVALID_ARGUMENT", "computedSummary: the final Waterline must lie between the lowest and the peak");
  }
  checkRange("computedSummary.adherence.breaksDue", summary.adherence.breaksDue, 0, most);
  if (!(summary.adherence.breaksKept >= 0 && summary.adherence.breaksKept <= summary.adherence.breaksDue)) {
    fail("INVALID_ARGUMENT", "computedSummary.adherence.breaksKept: between 0 and breaksDue");
  }
  const n = summary.waterEveryNDrinks;
  if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 99)) outOfRange("computedSummary.waterEveryNDrinks", n, "at least 1 and at most 99");
}

/** The settings a new account starts with; the distant stamp lets a device's own settings win. */
export const defaultSettings = {
  waterEveryNDrinks: 1,
  timeRemindersEnabled: true,
  timeReminderIntervalMinutes: 20,
  warningThreshold: 2,
  defaultWaterAmountOz: 8,
  units: "oz" as const,
  discreetNotifications: true,
  hideLockScreenCounts: false,
  reminderStyle: "sound" as const,
  remindersEndEnabled: false,
  remindersEndMinute: 60,
  updatedAt: 0,
};

/** Limits.presetsPerAccount, sessionsPerAccount and logsPerSession in WaterlineKit. */
/**
 * ChangeWriter.futureAllowance in the Swift server: a stamp further ahead of the server's clock
 * than two minutes is taken as the server's time plus two minutes, so a device whose clock runs
 * ahead cannot make later edits elsewhere lose. The device keeps the stored version it gets back.
 */
export function bounded(stamp: number): number;
export function bounded(stamp: number | undefined): number | undefined;
export function bounded(stamp: number | undefined): number | undefined {
  return stamp === undefined ? undefined : Math.min(stamp, Date.now() + 120_000);
}

export const quotas = {
  // Live records (tombstones do not count); presets are also bounded counting tombstones, at
  // keptPerLive times the live limit (Limits.keptPerLive).
  presetsPerAccount: 100, sessionsPerAccount: 20_000, logsPerSession: 1_000, keptPerLive: 10,
  // Limits.pushBatch and Limits.pullPage: changes per sync:push, and per sync:pull page.
  pushBatch: 500, pullPage: 1_000,
};
