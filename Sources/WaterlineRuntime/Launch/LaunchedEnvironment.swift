import Foundation

/// What an app's delegate builds when its process launches (the store, the runtime, every entry
/// point hooked up), kept for the process's life. Should building fail (the store did not open),
/// the reason is kept for the window to say, nothing runs on a store held only in memory, and the
/// next entry point or "Try Again" builds it once more: the phone and the watch recover the same way.
@MainActor
public final class LaunchedEnvironment<Environment> {
    private let build: @MainActor () throws -> Environment
    private let connect: @MainActor (Environment) -> Void
    /// The environment, once built and connected.
    public private(set) var environment: Environment?
    /// Why the last try failed, while none is built.
    public private(set) var failure: String?
    /// Tries made so far (a window that shows the failure re-reads after each).
    public private(set) var attempts = 0

    /// - Parameters:
    ///   - build: makes the environment (opens the store); throws when it cannot.
    ///   - connect: hooks its entry points up, once, after it was built.
    /// Made anywhere (a delegate's stored property is set up before its main-actor work); used on
    /// the main actor.
    public nonisolated init(build: @escaping @MainActor () throws -> Environment, connect: @escaping @MainActor (Environment) -> Void) {
        self.build = build
        self.connect = connect
    }

    /// The environment, built and connected now when there is none yet.
    @discardableResult
    public func connected() -> Environment? {
        if let environment { return environment }
        attempts += 1
        do {
            let built = try build()
            connect(built)
            environment = built
            failure = nil
            return built
        } catch {
            failure = error.localizedDescription
            return nil
        }
    }
}
