// The Convex tables. Records keep the client-made id in `clientId`; `owner` scopes everything. A
// record's own fields are declared once, in lib/validators.ts, for the functions and the tables.
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { appleSignInRevocation, logEntryStoredFields, presetStoredFields, sessionStoredFields, settings, tally } from "./lib/validators";

export default defineSchema({
  users: defineTable({
    appleSub: v.string(),
    createdAt: v.number(),
    updatedAt: v.number(),
    settings,
    // The last number of this user's change sequence, and the one the settings took.
    changeSeq: v.optional(v.number()),
    settingsSeq: v.optional(v.number()),
    // How many records the account keeps (lib/counts.ts), so quotas read one document.
    counts: v.optional(v.object({ sessions: tally, logEntries: tally, drinkPresets: tally })),
    // Set by users:deleteAccount: from then on every token of the account is refused.
    deletingSince: v.optional(v.number()),
    // Records the account may still write now, as of `at` (lib/budget.ts).
    writeBudget: v.optional(v.object({ tokens: v.number(), at: v.number() })),
    // The person's Sign in with Apple refresh token (lib/apple.ts), revoked when the account is deleted.
    appleRefreshToken: v.optional(v.string()),
    // An account being deleted keeps its subject until it is gone; a sign-in meanwhile finds
    // only the account that is not (deletingSince unset), so it makes a new one.
  }).index("by_appleSub", ["appleSub", "deletingSince"]),

  sessions: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    ...sessionStoredFields,
    seq: v.optional(v.number()),
    // How many logs the session keeps (lib/counts.ts).
    logCounts: v.optional(tally),
  })
    .index("by_owner", ["owner", "startTime"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"])
    .index("by_owner_updatedAt", ["owner", "updatedAt"])
    // The live running session: sessions deleted while running are skipped by the range, not scanned.
    .index("by_owner_active", ["owner", "isActive", "deletedAt"]),

  logEntries: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    sessionClientId: v.string(),
    ...logEntryStoredFields,
    seq: v.optional(v.number()),
  })
    .index("by_owner", ["owner"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"])
    .index("by_session", ["owner", "sessionClientId", "timestamp"]),

  drinkPresets: defineTable({
    owner: v.id("users"),
    clientId: v.string(),
    ...presetStoredFields,
    seq: v.optional(v.number()),
  })
    .index("by_owner", ["owner", "sortOrder"])
    .index("by_owner_seq", ["owner", "seq"])
    .index("by_owner_clientId", ["owner", "clientId"]),

  // Session tokens signed out (by their jti), kept until they would have expired.
  revokedTokens: defineTable({ jti: v.string(), expiresAt: v.number() }).index("by_jti", ["jti"]).index("by_expiresAt", ["expiresAt"]),
  // Accounts deleted (or being deleted, a bounded batch at a time), by their token's subject:
  // what was removed, and when it was all gone. Kept as long as a token of the account can live.
  deletions: defineTable({
    subject: v.string(), sessions: v.number(), logEntries: v.number(), presets: v.number(),
    startedAt: v.number(), finishedAt: v.optional(v.number()),
    appleSignIn: v.optional(appleSignInRevocation),
    // What Apple finally did with a `requested` revocation (apple:revoke): took it, or failed every try.
    appleOutcome: v.optional(v.union(v.literal("revoked"), v.literal("failed"))),
  }).index("by_subject", ["subject"]).index("by_startedAt", ["startedAt"]),
  // A deleted account's Apple refresh token until apple:revoke is done with it: only the
  // revocation reads it (the scheduled job carries this document's id, not the token).
  appleRevocations: defineTable({ deletion: v.id("deletions"), refreshToken: v.string(), attempts: v.number() }),
  // Apple nonces already used for a sign-in, kept until their identity token expires.
  usedNonces: defineTable({ nonce: v.string(), expiresAt: v.number() }).index("by_nonce", ["nonce"]).index("by_expiresAt", ["expiresAt"]),
});
