#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many connections the server takes at once: below the process's file limit, so the
/// database, the key file and `/health` always have descriptors left.
public enum ConnectionLimits {
    /// Descriptors kept back for everything that is not a client connection.
    static let reserved = 64

    /// Raises the soft file limit to the hard limit (capped at `ceiling`) and returns the new soft limit.
    @discardableResult
    public static func raiseFileLimit(ceiling: UInt64 = 65_536) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(UInt64(limit.rlim_max), ceiling)
        if UInt64(limit.rlim_cur) < wanted {
            var raised = limit
            raised.rlim_cur = rlim_t(wanted)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(min(UInt64(limit.rlim_cur), UInt64(Int32.max)))
    }

    /// The connection cap for a soft file limit.
    public static func maximumConnections(fileLimit: Int) -> Int {
        max(16, fileLimit - reserved)
    }
}
