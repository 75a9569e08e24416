import Foundation
import ServiceLifecycle

/// Runs `AppleRevocations.runDue()` every `interval` while the server runs (its first pass at
/// start, so tokens queued before a restart go at once), and stops with the server.
struct AppleRevocationService: Service {
    let revocations: AppleRevocations
    let interval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await revocations.runDue()
                } catch {
                    revocations.logger.warning("Apple revocations could not be read: \(error)")
                }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
