import Foundation

/// The accounts this server knows (loaded at start, and each one it issues a token to), kept
/// as 64-bit fingerprints of their ids: a million accounts cost about 16 MB.
///
/// It lets a session token be recognised as worth a signature check when its address has
/// spent its anonymous calls: a token naming no known account is refused unchecked, as before,
/// while one naming a known account is checked within that account's own allowance of failed
/// checks (`CallLimits.failedChecks`). So a flood of forged tokens from an address shared with
/// real devices (a carrier's NAT, an office) no longer keeps those devices out after a restart,
/// when no token is yet in the cache of verified ones.
final class KnownAccounts: @unchecked Sendable {
    private let lock = NSLock()
    private var fingerprints: Set<UInt64> = []

    func insert(_ id: UUID) {
        let print = Self.fingerprint(id)
        lock.withLock { _ = fingerprints.insert(print) }
    }

    func insert(contentsOf ids: some Sequence<UUID>) {
        let prints = ids.map(Self.fingerprint)
        lock.withLock { fingerprints.formUnion(prints) }
    }

    func contains(_ id: UUID) -> Bool {
        let print = Self.fingerprint(id)
        return lock.withLock { fingerprints.contains(print) }
    }

    private static func fingerprint(_ id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { bytes in
            bytes.load(fromByteOffset: 0, as: UInt64.self) ^ bytes.load(fromByteOffset: 8, as: UInt64.self).byteSwapped
        }
    }
}
