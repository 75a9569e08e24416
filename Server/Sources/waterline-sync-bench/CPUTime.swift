import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU time (user + system) a process has used so far, in seconds: this one through `getrusage`,
/// another (the server) from `/proc/<pid>/stat`. Their differences around a run are each side's
/// CPU for it, whatever else shares the cores.
enum CPUTime {
    static func thisProcess() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// nil when `pid` is not a running process readable here (not Linux, or gone).
    static func process(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) / 1_000_000
    }
}
