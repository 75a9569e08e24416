import Foundation

/// What one or more sessions cost the watch, summed.
struct SessionCost {
    var sessions = 0, logs = 0, watchLogs = 0, closedLogs = 0, phoneLogs = 0
    var inAppCPU = 0.0, closedCPU = 0.0, takingCPU = 0.0
    var traffic = DirectLink.Traffic()
    var waiting = 0
    var watchLogReads = 0

    static func + (lhs: SessionCost, rhs: SessionCost) -> SessionCost {
        var sum = lhs
        sum.sessions += rhs.sessions; sum.logs += rhs.logs; sum.watchLogs += rhs.watchLogs; sum.closedLogs += rhs.closedLogs
        sum.phoneLogs += rhs.phoneLogs; sum.inAppCPU += rhs.inAppCPU; sum.closedCPU += rhs.closedCPU; sum.takingCPU += rhs.takingCPU
        sum.traffic.messages += rhs.traffic.messages; sum.traffic.messageBytes += rhs.traffic.messageBytes
        sum.traffic.transfers += rhs.traffic.transfers; sum.traffic.transferBytes += rhs.traffic.transferBytes
        sum.traffic.toWatch += rhs.traffic.toWatch; sum.traffic.toWatchBytes += rhs.traffic.toWatchBytes
        sum.waiting += rhs.waiting
        sum.watchLogReads += rhs.watchLogReads
        return sum
    }

    func report() {
        let watchCPU = (inAppCPU + closedCPU) / Double(watchLogs) * 1e6
        print("\(sessions) session(s) of \(logs / sessions) logs, every other log on the watch (half in its app, half with it closed), in reach every fifth log:")
        print(String(format: "  watch CPU a watch log with every consequence: %.0f µs (%.0f µs in the open app, %.0f µs from a notification with the app closed); %.0f µs a phone log taken in",
                     watchCPU, inAppCPU / Double(watchLogs - closedLogs) * 1e6, closedCPU / Double(closedLogs) * 1e6, takingCPU / Double(phoneLogs) * 1e6))
        print("  watch store a watch log: \(per(watchLogReads, watchLogs)) reads of its session's whole list of logs")
        print("  watch to phone a watch log: \(per(traffic.messages, watchLogs)) messages, \(per(traffic.transfers, watchLogs)) transfers, \((traffic.messageBytes + traffic.transferBytes) / watchLogs) bytes")
        print("  phone to watch a log: \(per(traffic.toWatch, logs)) deliveries and answers, \(traffic.toWatchBytes / logs) bytes")
        print("  transfers queued: \(traffic.transfers) for \(watchLogs) watch logs (\(closedLogs) with the app closed); \(waiting) not taken at the end")
    }
}
