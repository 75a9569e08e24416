import Foundation
import Testing
import WaterlineIsolationCheck

/// The isolation check finds the closures Swift 6 traps on at run time, and passes the ones it
/// does not, on planted sources; and the Apple targets pass it.
@Suite("The isolation check of the Apple targets")
struct IsolationCheckTests {
    func unsafe(_ source: String) -> [IsolationFinding] {
        IsolationScanner.check([("Planted.swift", source)]).filter { !$0.isSafe }
    }

    @Test("a reply handler formed in a main-actor class is caught (the crash of round three)")
    func mainActorReplyHandler() {
        let source = """
        @MainActor
        final class PhoneConnection {
            func send(_ payload: [String: Any]) {
                // a { brace } in a comment and "{" in a string are not code
                session.sendMessage(payload, replyHandler: { reply in
                    print("}")
                }, errorHandler: { _ in
                    session.transferUserInfo(payload)
                })
            }
        }
        """
        let found = unsafe(source)
        #expect(found.map(\.line) == [5, 7])
        #expect(found.map(\.what) == ["closure for replyHandler:", "closure for errorHandler:"])
    }

    @Test("HealthKit's completions: a delete's and a query's handler formed in a main-actor model are caught; @Sendable passes")
    func healthKit() {
        let source = """
        @MainActor
        final class HealthModel {
            func removeAll() {
                store.deleteObjects(of: water, predicate: mine, withCompletion: { _, _, error in print(error) })
                let query = HKSampleQuery(sampleType: water, predicate: nil, limit: 1, sortDescriptors: nil, resultsHandler: { _, _, _ in })
                store.deleteObjects(of: water, predicate: mine, withCompletion: { @Sendable _, _, _ in })
            }
        }
        """
        let findings = IsolationScanner.check([("Planted.swift", source)])
        #expect(findings.filter { !$0.isSafe }.map(\.what) == ["closure for withCompletion:", "closure for resultsHandler:"])
        #expect(findings.count == 3)
    }

    @Test("WatchKit's background refresh: a scheduled completion formed on the main actor is caught; @Sendable passes")
    func backgroundRefresh() {
        let source = """
        @MainActor
        final class Refresher {
            func schedule(at date: Date) {
                WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil, scheduledCompletion: { error in print(error) })
                WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil, scheduledCompletion: { @Sendable _ in })
            }
        }
        """
        let findings = IsolationScanner.check([("Planted.swift", source)])
        #expect(findings.filter { !$0.isSafe }.map(\.what) == ["closure for scheduledCompletion:"])
        #expect(findings.count == 2)
    }

    @Test("an audio graph's axis descriptions: one formed in a main-actor view is caught; @Sendable passes")
    func audioGraph() {
        let source = """
        struct ChartView: View {
            var descriptor: AXChartDescriptor {
                let x = AXNumericDataAxisDescriptor(title: "Time", range: 0...1, gridlinePositions: [], valueDescriptionProvider: { "\\($0)" })
                let y = AXNumericDataAxisDescriptor(title: "Waterline", range: 0...1, gridlinePositions: [], valueDescriptionProvider: { @Sendable _ in "" })
                return AXChartDescriptor(title: nil, summary: nil, xAxis: x, yAxis: y, additionalAxes: [], series: [])
            }
        }
        """
        let findings = IsolationScanner.check([("Planted.swift", source)])
        #expect(findings.filter { !$0.isSafe }.map(\.what) == ["closure for valueDescriptionProvider:"])
        #expect(findings.count == 2)
    }

    @Test("NotificationCenter's observer block (the unlock): formed on the main actor it is caught; @Sendable passes")
    func notificationObserver() {
        let source = """
        @MainActor
        final class Environment {
            func connect() {
                _ = NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { note in print(note) }
                _ = NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { @Sendable _ in }
            }
        }
        """
        let findings = IsolationScanner.check([("Planted.swift", source)])
        #expect(findings.filter { !$0.isSafe }.map(\.what) == ["closure for addObserver(…)"])
        #expect(findings.count == 2)
    }

    @Test("the same closures are safe when @Sendable, or formed in a nonisolated function")
    func safeForms() {
        let sendable = """
        @MainActor
        final class PhoneConnection {
            func send(_ payload: [String: Any]) {
                session.sendMessage(payload, replyHandler: { @Sendable reply in }, errorHandler: { @Sendable _ in })
            }
            nonisolated func sendLater(_ payload: [String: Any]) {
                session.sendMessage(payload, replyHandler: { reply in }, errorHandler: nil)
            }
        }
        """
        let findings = IsolationScanner.check([("Planted.swift", sendable)])
        #expect(findings.count == 3 && findings.allSatisfy(\.isSafe))
    }

    @Test("an extension in another file of a main-actor type, a SwiftUI view, a property handler and a trailing closure are main-actor too")
    func inheritedIsolation() {
        let files = [
            ("Service.swift", "@MainActor final class Service: NSObject {}\n"),
            ("Service+Delegate.swift", """
            extension Service: WCSessionDelegate {
                func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {}
                nonisolated func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {}
            }
            """),
            ("Watcher.swift", """
            struct Screen: View {
                var body: some View {
                    Button("Go") {
                        UIApplication.shared.beginBackgroundTask(withName: "x") { }
                    }
                }
            }
            final class Watcher {
                @MainActor init() {
                    monitor.pathUpdateHandler = { path in }
                    Task.detached { monitor.pathUpdateHandler = { path in } }
                }
            }
            """),
        ]
        let found = IsolationScanner.check(files).filter { !$0.isSafe }
        #expect(found.map { "\($0.file):\($0.line)" } == ["Service+Delegate.swift:2", "Watcher.swift:4", "Watcher.swift:10"])
    }

    @Test("a notification content extension's conformance must be @preconcurrency, on the class or in an extension")
    func contentExtensionConformance() {
        let plain = IsolationScanner().findings(in: """
        final class Expanded: UIViewController, UNNotificationContentExtension {
            func didReceive(_ notification: UNNotification) {}
        }
        """, file: "Expanded.swift")
        #expect(plain.map(\.what) == ["conformance to UNNotificationContentExtension"])
        #expect(plain.map(\.isSafe) == [false])
        #expect(plain.first?.description.contains("@preconcurrency UNNotificationContentExtension") == true)
        let marked = IsolationScanner().findings(in: """
        final class Expanded: UIViewController {}
        extension Expanded: @preconcurrency UNNotificationContentExtension {
            func didReceive(_ notification: UNNotification) {}
        }
        """, file: "Expanded.swift")
        #expect(marked.map(\.line) == [2])
        #expect(marked.map(\.isSafe) == [true])
    }

    @Test("the Apple targets have no main-actor closure handed to the system")
    func appleTargets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let apps = root.appendingPathComponent("Apps")
        let walker = try #require(FileManager.default.enumerator(at: apps, includingPropertiesForKeys: nil))
        var files: [(path: String, source: String)] = []
        while let url = walker.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        let findings = IsolationScanner.check(files)
        #expect(findings.count >= 15, "the scan found the WatchConnectivity, notification and background closures")
        #expect(findings.filter { !$0.isSafe }.map(\.description) == [])
        #expect(findings.contains { $0.file == "NotificationViewController.swift" && $0.what == "conformance to UNNotificationContentExtension" })
    }
}
