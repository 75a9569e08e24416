// contract/settings.json against convex/: the validators, the defaults and the settings merged
// by are the description's, and settings:upsert takes or refuses each bound and choice as it says
// (the same calls the Swift server's SettingsBoundsTests makes).
import { describe, expect, test } from "vitest";
import description from "../../contract/settings.json";
import { api } from "../_generated/api";
import { defaultSettings, laterSettingDefaults, settingFields } from "../lib/rules";
import { settingsFields } from "../lib/validators";
import { signedIn } from "./helpers.testing";

type Setting = { name: string; type: string; min?: number; max?: number; choices?: (number | string)[]; default: unknown; later?: boolean };
const settings = description.settings as Setting[];

/** The calls the description's "about" spells out: one setting at a bound, taken or refused. */
function bounds(): { name: string; value: unknown; taken: boolean }[] {
  return settings.flatMap((setting) => {
    const step = setting.type === "integer" ? 1 : 0.25;
    const found: { name: string; value: unknown; taken: boolean }[] = [];
    const add = (value: unknown, taken: boolean) => found.push({ name: setting.name, value, taken });
    if (setting.min !== undefined) {
      add(setting.min, true);
      add(setting.min - step, false);
      if (setting.type === "integer") add(setting.min + 0.5, false);
    }
    if (setting.max !== undefined) {
      add(setting.max, true);
      add(setting.max + step, false);
    }
    if (setting.choices !== undefined) {
      for (const choice of setting.choices) add(choice, true);
      const first = setting.choices[0];
      add(typeof first === "number" ? first + 1 : "loud", false);
    }
    if (setting.type === "boolean") {
      add(true, true);
      add(false, true);
      add("yes", false);
    }
    return found;
  });
}

describe("contract/settings.json", () => {
  test("the validators take exactly the described settings, optional where they came later", () => {
    const fields = settingsFields as Record<string, { isOptional: string }>;
    expect(Object.keys(fields).sort()).toEqual([...settings.map((setting) => setting.name), "updatedAt", "fieldStamps"].sort());
    for (const setting of settings) expect([setting.name, fields[setting.name].isOptional]).toEqual([setting.name, setting.later ? "optional" : "required"]);
  });

  test("the defaults, the later settings' defaults and the settings merged by are the description's", () => {
    for (const setting of settings) expect([setting.name, (defaultSettings as Record<string, unknown>)[setting.name]]).toEqual([setting.name, setting.default]);
    const later = Object.fromEntries(settings.filter((setting) => setting.later).map((setting) => [setting.name, setting.default]));
    expect(laterSettingDefaults).toEqual(later);
    expect([...settingFields]).toEqual(settings.map((setting) => setting.name));
  });

  test("settings:upsert takes or refuses each bound and choice as the description says", async () => {
    const { as } = await signedIn();
    const defaults = Object.fromEntries(settings.map((setting) => [setting.name, setting.default]));
    const calls = bounds();
    expect(calls.length).toBeGreaterThan(40);
    for (const call of calls) {
      const args = { ...defaults, updatedAt: 1_795_291_200_000, [call.name]: call.value };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const answer = await as.mutation(api.settings.upsert, args as any).then(() => "ok", (error: { data?: { code?: string } }) => error.data?.code);
      expect([call.name, call.value, answer]).toEqual([call.name, call.value, call.taken ? "ok" : "INVALID_ARGUMENT"]);
    }
  });
});
