import WaterlineCore

/// `users:*`: the caller's account.
public enum Users {
    public struct Me: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = User
        public static let name = "users:me"
        public static let kind = FunctionKind.query
    }

    /// Removes the account and every record it owns.
    public struct DeleteAccount: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = DeletedAccount
        public static let name = "users:deleteAccount"
        public static let kind = FunctionKind.mutation
    }
}
