import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `users:*` and `settings:*`: the caller's account and preferences.
    static func userFunctions(_ context: ServerContext) -> [FunctionHandler] {
        let writer = ChangeWriter(context)
        return [
            .make(Users.Me.self, arguments: []) { _, caller in
                let caller = try caller.required()
                guard let user = try await context.repository.user(id: caller.userId) else {
                    throw FunctionError(.unauthenticated, "the account no longer exists")
                }
                return user
            },
            .make(Users.DeleteAccount.self, arguments: []) { _, caller in
                let caller = try caller.required()
                // The Apple token is queued first (`AppleRevocations`): a deletion cut short
                // leaves it waiting for the account to be gone, and a restart loses none.
                let queued = context.appleRevocations == nil ? nil : try await context.repository.queueAppleRevocation(for: caller, now: context.now())
                var deleted = try await context.repository.deleteUser(caller)
                // Everything is gone; Apple is asked after, without the answer waiting on it.
                switch (context.appleRevocations, queued) {
                case (nil, _):
                    deleted.appleSignIn = .notConfigured
                case (let revocations?, true?):
                    revocations.tryNow()
                    deleted.appleSignIn = .requested
                case (_?, _):
                    deleted.appleSignIn = .noToken
                }
                return deleted
            },
            .make(Settings.Upsert.self, arguments: [
                "waterEveryNDrinks", "timeRemindersEnabled", "timeReminderIntervalMinutes", "warningThreshold",
                "defaultWaterAmountOz", "units", "discreetNotifications", "hideLockScreenCounts", "reminderStyle", "remindersEndEnabled",
                "remindersEndMinute", "updatedAt", "fieldStamps",
            ]) { settings, caller in
                try await writer.settings(settings, for: try caller.required())
            },
        ]
    }
}

extension Optional where Wrapped == Caller {
    /// The caller of an authenticated function (the router has already refused anonymous calls).
    func required() throws -> Caller {
        guard let self else { throw FunctionError(.unauthenticated, "sign in first") }
        return self
    }
}

/// Runs a kit validation, answering its failure as INVALID_ARGUMENT.
func validate(_ check: () throws(ValidationError) -> Void) throws(FunctionError) {
    do throws(ValidationError) { try check() } catch { throw .invalid(error) }
}
