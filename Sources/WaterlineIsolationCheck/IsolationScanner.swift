/// Reads Swift source for what Swift 6 checks only at run time: a closure handed to a system
/// callback (WatchConnectivity, UserNotifications, BackgroundTasks, Network, UIKit's background
/// tasks, URLSession, HealthKit, WatchKit's background refresh, an audio graph's axis) from main-actor code is main-actor isolated unless it is `@Sendable`, and
/// the system calling it on its own queue traps ("Incorrect actor executor assumption"); so does a
/// system delegate method (`func session(_: WCSession, …)`) of a main-actor type that is not
/// `nonisolated`. A build shows neither. It also asks for `@preconcurrency` on a conformance to a
/// system protocol whose isolation changed between SDKs (`preconcurrencyProtocols`).
///
/// It reads text, not a syntax tree: comments and string literals are blanked, braces are tracked,
/// and each scope is classed by the words before its `{` (a type, a function, a control statement,
/// or a closure). Main actor: a type or function marked `@MainActor`, an extension of a type so
/// marked anywhere in the scanned sources, a SwiftUI `View`/`App`/`Scene`, a closure marked
/// `@MainActor`; a `@Sendable` closure and a `nonisolated` function are not; anything else inherits.
public struct IsolationScanner: Sendable {
    /// Argument labels (and properties) whose closures the system calls on a queue of its own.
    public static let handlerLabels: Set<String> = [
        "replyHandler", "errorHandler", "completionHandler", "withCompletionHandler", "expirationHandler", "launchHandler",
        "pathUpdateHandler", "resultHandler", "invalidationHandler",
        // HealthKit: saves' and deletes' `withCompletion`, queries' `resultsHandler`/`updateHandler`.
        "withCompletion", "resultsHandler", "updateHandler",
        // WatchKit: `scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`.
        "scheduledCompletion",
        // Accessibility: an audio graph axis's `valueDescriptionProvider`, called as VoiceOver plays it.
        "valueDescriptionProvider",
    ]
    /// Calls whose trailing closure the system calls on a queue of its own.
    public static let trailingCalls: Set<String> = [
        "sendMessage", "sendMessageData", "beginBackgroundTask", "register", "notify_register_dispatch", "getNotificationSettings",
        "getPendingNotificationRequests", "getDeliveredNotifications", "requestAuthorization", "dataTask", "downloadTask",
        "getCurrentConfigurations",
        // Foundation: `NotificationCenter.addObserver(forName:object:queue:using:)`, called on the
        // queue given (any queue but `.main` is the system's own).
        "addObserver",
    ]
    /// Parameter types that mark a system delegate method, called on the system's queue.
    public static let delegateSenders: Set<String> = ["WCSession", "UNUserNotificationCenter", "URLSession", "URLSessionTask"]
    /// System protocols a main-actor type (a view controller) conforms to whose requirements are
    /// nonisolated in the iOS 17 SDK and may be main-actor in a later one. Only a `@preconcurrency`
    /// conformance compiles under Swift 6 against both: against the older SDK it lets main-actor
    /// methods witness the requirements and checks at run time that the system calls them on the
    /// main thread, as UIKit calls a view controller; against a later SDK it has no effect.
    public static let preconcurrencyProtocols: [String] = ["UNNotificationContentExtension"]

    /// Types declared `@MainActor` in every scanned file, so their extensions elsewhere count too.
    public var mainActorTypes: Set<String>

    public init(mainActorTypes: Set<String> = []) {
        self.mainActorTypes = mainActorTypes
    }

    /// The types `source` declares `@MainActor` (or as a SwiftUI view, app or scene).
    public static func mainActorTypes(in source: String) -> Set<String> {
        var found: Set<String> = []
        for scope in Scopes(Self.blanking(source)).all where scope.kind == .type && scope.isMainActorType {
            if let name = scope.typeName { found.insert(name) }
        }
        return found
    }

    /// Every closure handed to a system callback and every system delegate method in `source`,
    /// with whether it is safe.
    public func findings(in source: String, file: String) -> [IsolationFinding] {
        let scopes = Scopes(Self.blanking(source), mainActorTypes: mainActorTypes)
        var findings: [IsolationFinding] = []
        for scope in scopes.all {
            switch scope.kind {
            case .closure:
                guard let callback = scope.systemCallback else { continue }
                let context = scopes.isolation(ofParentOf: scope)
                let safe = scope.isSendableClosure || context != .mainActor
                findings.append(IsolationFinding(
                    file: file, line: scope.line, what: "closure for \(callback)", context: context, isSafe: safe
                ))
            case .function:
                guard let sender = scope.delegateSender else { continue }
                let context = scopes.isolation(of: scope)
                findings.append(IsolationFinding(
                    file: file, line: scope.line, what: "delegate method taking \(sender)", context: context, isSafe: context != .mainActor
                ))
            case .type:
                guard let conformance = scope.systemConformance else { continue }
                findings.append(IsolationFinding(
                    file: file, line: scope.line, what: "conformance to \(conformance.name)",
                    context: scopes.isolation(of: scope), isSafe: conformance.preconcurrency,
                    remedy: "write the conformance `@preconcurrency \(conformance.name)`"
                ))
            case .block:
                continue
            }
        }
        return findings
    }

    /// `source` with comments and the insides of string literals turned to spaces (newlines kept),
    /// so braces and words in them are not read as code (the isolation check, and `SessionWordTests`).
    public static func blanking(_ source: String) -> [Character] {
        var out: [Character] = []
        let text = Array(source)
        var index = 0
        func peek(_ offset: Int) -> Character? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            let character = text[index]
            if character == "/", peek(1) == "/" {
                while index < text.count, text[index] != "\n" {
                    out.append(" ")
                    index += 1
                }
            } else if character == "/", peek(1) == "*" {
                var depth = 0
                repeat {
                    if text[index] == "/", peek(1) == "*" { depth += 1; out += [" ", " "]; index += 2; continue }
                    if text[index] == "*", peek(1) == "/" { depth -= 1; out += [" ", " "]; index += 2; continue }
                    out.append(text[index] == "\n" ? "\n" : " ")
                    index += 1
                } while depth > 0 && index < text.count
            } else if character == "\"" {
                let multiline = peek(1) == "\"" && peek(2) == "\""
                let quote = multiline ? 3 : 1
                out += Array(repeating: "\"", count: quote)
                index += quote
                while index < text.count {
                    if text[index] == "\\" {
                        out += [" ", " "]
                        index += 2
                        continue
                    }
                    if text[index] == "\"", !multiline || (peek(1) == "\"" && peek(2) == "\"") {
                        out += Array(repeating: "\"", count: quote)
                        index += quote
                        break
                    }
                    out.append(text[index] == "\n" ? "\n" : " ")
                    index += 1
                }
            } else {
                out.append(character)
                index += 1
            }
        }
        return out
    }
}

extension IsolationScanner {
    /// Every finding in `files`, main-actor types gathered from all of them first (an extension in
    /// one file of a type declared `@MainActor` in another is main-actor too).
    public static func check(_ files: [(path: String, source: String)]) -> [IsolationFinding] {
        let types = files.reduce(into: Set<String>()) { $0.formUnion(mainActorTypes(in: $1.source)) }
        let scanner = IsolationScanner(mainActorTypes: types)
        return files.flatMap { scanner.findings(in: $0.source, file: $0.path) }
    }
}
