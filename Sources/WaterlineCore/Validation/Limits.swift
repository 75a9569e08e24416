/// The ranges every surface and the server enforce, kept in one place so they cannot drift.
public enum Limits {
    public static let drinkSizeOz = Limit(lower: 0, upper: 64, lowerIsExclusive: true, unit: "oz")
    public static let abvPercent = Limit(lower: 0, upper: 100, unit: "%")
    public static let standardDrinkEstimate = Limit(lower: 0, upper: 10)
    /// What a person may choose a drink to count as, here: more than 0 (a drink that counts
    /// nothing would never move the Waterline, nor ask for water). Records from elsewhere that say
    /// 0 are still read (`standardDrinkEstimate`); this device makes no new one.
    public static let chosenStandardDrinkEstimate = Limit(lower: 0, upper: 10, lowerIsExclusive: true)
    /// A glass of water: half an ounce (about 15 ml, a sip) at least, as the smallest the app
    /// offers (25 ml) and any a person pours; a thousandth of a drop is no glass.
    public static let waterAmountOz = Limit(lower: 0.5, upper: 64, unit: "oz")
    /// Seconds since 1970: from 2000-01-01 to 2100-01-01, to catch unit mix-ups (ms for s) and garbage.
    public static let timestamp = Limit(lower: 946_684_800, upper: 4_102_444_800, unit: "seconds since 1970")
    public static let presetNameLength = 60
    /// A preset name's size as sent, before trimming: 60 characters of any script fit easily,
    /// padding or piles of combining marks do not.
    public static let presetNameBytes = 256
    /// Live records one account may keep on the backend (deleted ones do not count): far above
    /// any real use, so one account cannot fill the database.
    public static let presetsPerAccount = 100
    public static let sessionsPerAccount = 20_000
    public static let logsPerSession = 1_000
    /// Records kept counting tombstones, as a multiple of the live limit: deleting and adding
    /// again (an undo, a preset replaced) never runs into the quota in real use, while a loop
    /// that creates and deletes cannot grow an account without bound.
    public static let keptPerLive = 10
    /// A session summary's counts: far above any real session.
    public static let summaryCount = Limit(lower: 0, upper: 10_000)
    /// Water is due after this many drinks since the last water: any whole number above 0 (the
    /// owner's answer), up to a ceiling no session reaches, so one bad write cannot sync everywhere.
    public static let waterEveryNDrinks = Limit(lower: 1, upper: 99)
    /// The Waterline warns at or above this value, in standard drinks.
    public static let warningThreshold = Limit(lower: 1, upper: 20)
    /// "I'm planning N drinks": a whole number of standard drinks.
    public static let plannedDrinks = Limit(lower: 1, upper: 30)
    /// "No reminders after": a minute of the day, 00:00 to 23:59.
    public static let remindersEndMinute = Limit(lower: 0, upper: 1_439)
    /// Changes one `sync:push` carries: a few hundred logs stay well under the body limit.
    public static let pushBatch = 500
    /// Changes one `sync:pull` page returns at most (and by default).
    public static let pullPage = 1_000
    /// Characters of the raw nonce `auth:signInWithApple` takes (the app sends 64).
    public static let appleNonce = 256
    /// Characters of an Apple identity token `auth:signInWithApple` takes (Apple's are about 1,000).
    public static let appleIdentityToken = 8_192
    /// Characters of the Sign in with Apple authorization code it takes (Apple's are under 100).
    public static let appleAuthorizationCode = 1_024
    /// Seconds a session token must have lived before `auth:renew` renews it (a device renews with half
    /// of 30 days left): an account cannot renew in a loop, each renewal keeping a revocation.
    public static let renewalMinimumAge: Double = 10 * 60
}
