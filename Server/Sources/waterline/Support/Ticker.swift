/// Calls `tick` once a second until the returned task is cancelled: the foreground commands'
/// clock (reminders falling due, countdowns).
enum Ticker {
    static func everySecond(_ tick: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                tick()
            }
        }
    }
}
