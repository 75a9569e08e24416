// The Convex tables. Records keep the client-made id in `clientId`; `owner` scopes everything.
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { alcoholMeta, drinkType, logSource, logType, sessionSummary, settings, waterMeta } from "./lib/validators";

export default defineSchema({
  users: defineTable({
    appleSub: v.string(),
    createdAt: v.number(),
    updatedAt: v.number(),
    settings,
    // The last number of this user's change sequence, and the one the settings took.
    changeSeq: v.optional(v.number()),
    settingsSeq: v.optional(v.number()),
  }).index("by_appleSub", ["appleSub"]),

  sessions: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    startTime: v.number(),
    endTime: v.optional(v.number()),
    isActive: v.boolean(),
    computedSummary: v.optional(sessionSummary),
    updatedAt: v.number(),
    deletedAt: v.optional(v.number()),
    seq: v.optional(v.number()),
  })
    .index("by_owner", ["owner", "startTime"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"])
    .index("by_owner_active", ["owner", "isActive"]),

  logEntries: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    sessionClientId: v.string(),
    timestamp: v.number(),
    type: logType,
    alcoholMeta: v.optional(alcoholMeta),
    waterMeta: v.optional(waterMeta),
    source: logSource,
    updatedAt: v.number(),
    deletedAt: v.optional(v.number()),
    seq: v.optional(v.number()),
  })
    .index("by_owner", ["owner"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"])
    .index("by_session", ["owner", "sessionClientId", "timestamp"]),

  drinkPresets: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    name: v.string(),
    drinkType,
    sizeOz: v.number(),
    abv: v.optional(v.number()),
    standardDrinkEstimate: v.number(),
    sortOrder: v.number(),
    updatedAt: v.number(),
    deletedAt: v.optional(v.number()),
    seq: v.optional(v.number()),
  })
    .index("by_owner", ["owner", "sortOrder"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"]),

  // Session tokens signed out (by their jti), kept until they would have expired.
  revokedTokens: defineTable({ jti: v.string(), expiresAt: v.number() }).index("by_jti", ["jti"]).index("by_expiresAt", ["expiresAt"]),
  // Apple nonces already used for a sign-in, kept until their identity token expires.
  usedNonces: defineTable({ nonce: v.string(), expiresAt: v.number() }).index("by_nonce", ["nonce"]).index("by_expiresAt", ["expiresAt"]),
});
