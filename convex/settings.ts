// settings:* — the caller's pacing preferences, embedded in the user document.
import { mutation } from "./_generated/server";
import { requireUser } from "./lib/auth";
import { checkSettings, isReplaced } from "./lib/rules";
import { settings, units } from "./lib/validators";
import { v } from "convex/values";

/** Saves the settings when they are newer than the stored ones; returns what is stored. */
export const upsert = mutation({
  args: {
    waterEveryNDrinks: v.number(),
    timeRemindersEnabled: v.boolean(),
    timeReminderIntervalMinutes: v.number(),
    warningThreshold: v.number(),
    defaultWaterAmountOz: v.number(),
    units,
    discreetNotifications: v.boolean(),
    updatedAt: v.number(),
  },
  returns: settings,
  handler: async (ctx, incoming) => {
    const caller = await requireUser(ctx);
    checkSettings(incoming);
    if (!isReplaced(caller.settings, incoming)) return caller.settings;
    await ctx.db.patch(caller._id, { settings: incoming, updatedAt: incoming.updatedAt });
    return incoming;
  },
});
