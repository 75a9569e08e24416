import WaterlineCore

/// Whether a backend function reads, writes, or may reach outside (Convex's three kinds).
public enum FunctionKind: String, Codable, Hashable, Sendable, CaseIterable {
    case query
    case mutation
    case action
}

/// One backend function: its `module:name` path, its kind, and the shapes of its arguments and result.
public protocol ConvexFunction: Sendable {
    associatedtype Args: Codable & Sendable
    associatedtype Value: Codable & Sendable
    static var name: String { get }
    static var kind: FunctionKind { get }
}

/// The arguments of a function that takes none: encodes as `{}`.
public struct NoArgs: Codable, Hashable, Sendable {
    public init() {}
}

/// Every function the client calls; checked against `contract/functions.json` by the tests.
public enum ConvexFunctions {
    public static let all: [any ConvexFunction.Type] = [
        Auth.SignInWithApple.self, Auth.Renew.self, Auth.SignOut.self,
        Users.Me.self, Users.DeleteAccount.self,
        Settings.Upsert.self,
        Sessions.Upsert.self, Sessions.GetActive.self, Sessions.List.self,
        LogEntries.Upsert.self, LogEntries.Delete.self, LogEntries.ListForSession.self,
        Presets.Upsert.self, Presets.Delete.self, Presets.List.self,
        Sync.Push.self, Sync.Pull.self,
    ]
}
