import WaterlineCore

/// For processes whose host already waits for the work (an extension's intent is awaited).
@MainActor
public final class NoBackgroundTasks: BackgroundTaskHolder {
    private var next = 0
    public init() {}
    public func begin(_ name: String) -> Int {
        next += 1
        return next
    }
    public func end(_ token: Int) {}
}
