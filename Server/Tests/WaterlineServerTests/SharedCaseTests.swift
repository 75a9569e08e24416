import Foundation
import Testing
import WaterlineCore
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `contract/cases.json` against the server: the same calls `convex/tests/cases.test.ts` makes
/// of Convex, so the two backends cannot drift apart on what they take and what they refuse.
@Suite("Shared cases (contract/cases.json)")
struct SharedCaseTests {
    struct Call: Sendable {
        var function: String
        var kind: String
        var args: [String: any Sendable]
    }

    struct Case: @unchecked Sendable, CustomTestStringConvertible {
        var name: String
        /// Calls made first, each as many times as it says.
        var before: [(call: Call, repeat: Int)] = []
        /// Ended sessions in place first, besides the setup's (`seed.endedSessions`).
        var endedSessions = 0
        /// One of the contract's bounds (a row of the README's table of limits).
        var limit = false
        var call: Call
        var expect: String
        /// Fields an "ok" answer must have, numbers with their sign.
        var answers: [String: Any]?
        var testDescription: String { "\(call.function): \(name) → \(expect)" }
    }

    static let file: (setup: Call, cases: [Case]) = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contract/cases.json")
        // A fixture of the repository: unreadable, every case below fails loudly.
        let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
        func call(_ entry: [String: Any]) -> Call {
            Call(function: entry["function"] as? String ?? "", kind: entry["kind"] as? String ?? "", args: (entry["args"] as? [String: Any] ?? [:]).mapValues { $0 as! any Sendable })
        }
        let cases = (object["cases"] as? [[String: Any]] ?? []).map { entry in
            Case(
                name: entry["name"] as? String ?? "",
                before: (entry["before"] as? [[String: Any]] ?? []).map { (call($0), $0["repeat"] as? Int ?? 1) },
                endedSessions: (entry["seed"] as? [String: Any])?["endedSessions"] as? Int ?? 0,
                limit: entry["limit"] as? Bool ?? false,
                call: call(entry), expect: entry["expect"] as? String ?? "", answers: entry["answers"] as? [String: Any]
            )
        }
        return (call(object["setup"] as? [String: Any] ?? [:]), cases)
    }()

    /// Every case on every storage; `WATERLINE_SHARED_CASE=<part of a name>` runs only those whose name holds it (timing one case).
    static let cases: [(StorageKind, Case)] = StorageKind.available.flatMap { storage in
        file.cases.filter { sharedCase in
            ProcessInfo.processInfo.environment["WATERLINE_SHARED_CASE"].map { sharedCase.name.contains($0) } ?? true
        }.map { (storage, $0) }
    }

    /// `value` with "{session}" and "{new}" filled in, each `{"repeat": N, "of": X}` of a list made N copies, and each `{"characters": N}` a string of N letters.
    static func fill(_ value: Any, session: String) -> Any {
        switch value {
        case let text as String where text == "{session}": return session
        case let text as String where text == "{new}": return UUID().uuidString.lowercased()
        case let list as [Any]:
            return list.flatMap { item -> [Any] in
                if let repeated = item as? [String: Any], let count = repeated["repeat"] as? Int, let of = repeated["of"] {
                    return (0..<count).map { _ in fill(of, session: session) }
                }
                return [fill(item, session: session)]
            }
        case let object as [String: Any]:
            if object.count == 1, let characters = object["characters"] as? Int { return String(repeating: "x", count: characters) }
            return object.mapValues { fill($0, session: session) }
        default: return value
        }
    }

    /// The numbers JSON cannot write, as the cases name them, and what is sent for each: JSON
    /// text for the infinities and −0, and Convex's wire form for NaN (which no JSON number is).
    static let specialNumbers = [
        "\"{NaN}\"": #"{"$float":"AAAAAAAA+H8="}"#, "\"{Infinity}\"": "1e999", "\"{-Infinity}\"": "-1e999", "\"{-0}\"": "-0",
    ]

    /// Posts `call` as `token`; the HTTP status, the error code and message, if any, and the answer's value.
    static func post(_ call: Call, session: String, token: String, to server: TestServer) async throws -> (status: Int, code: String?, message: String?, value: Any?) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/\(call.kind)"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        var body = String(decoding: try JSONSerialization.data(withJSONObject: [
            "path": call.function, "format": "json", "args": fill(call.args, session: session),
        ]), as: UTF8.self)
        for (name, text) in specialNumbers { body = body.replacingOccurrences(of: name, with: text) }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let error = answer?["errorData"] as? [String: Any]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, error?["code"] as? String, error?["message"] as? String, answer?["value"])
    }

    /// Where `answer` differs from `expected` (every field of it, numbers with their sign), or nil.
    static func mismatch(_ answer: Any?, _ expected: Any, path: String = "answer") -> String? {
        if let expected = expected as? [String: Any] {
            guard let answer = answer as? [String: Any] else { return "\(path) is \(String(describing: answer))" }
            return expected.lazy.compactMap { key, item in mismatch(answer[key], item, path: "\(path).\(key)") }.first
        }
        if let number = expected as? Double {
            guard let found = (answer as? NSNumber)?.doubleValue else { return "\(path) is \(String(describing: answer))" }
            return found == number && found.sign == number.sign ? nil : "\(path) is \(found), not \(number)"
        }
        return "\(path): cannot compare \(expected)"
    }

    @Test("every case answers as the file says", arguments: cases)
    func sharedCase(storage: StorageKind, sharedCase: Case) async throws {
        #expect(!Self.file.cases.isEmpty, "contract/cases.json was read")
        let server = try await TestServer.start(storage)
        let token = try await server.signIn().token
        let session = UUID().uuidString.lowercased()
        let setup = try await Self.post(Self.file.setup, session: session, token: token, to: server)
        #expect(setup.status == 200, "setup: \(setup)")
        // Seeded sessions are pushed, 500 at a time: this backend takes them quickly.
        var seeded = 0
        while seeded < sharedCase.endedSessions {
            let count = min(Limits.pushBatch, sharedCase.endedSessions - seeded)
            let seededSession: [String: any Sendable] = ["entity": "session", "record": [
                "id": "{new}", "startTime": 1_795_291_200_000.0, "isActive": false, "endTime": 1_795_294_800_000.0, "updatedAt": 1_795_291_200_000.0,
            ] as [String: any Sendable]]
            let push = Call(function: "sync:push", kind: "mutation", args: ["changes": [["repeat": count, "of": seededSession] as [String: any Sendable]]])
            let step = try await Self.post(push, session: session, token: token, to: server)
            #expect(step.status == 200, "seed: \(step.status)")
            seeded += count
        }
        for (call, times) in sharedCase.before {
            for _ in 0..<times {
                let step = try await Self.post(call, session: session, token: token, to: server)
                #expect(step.status == 200, "before: \(call.function): \(step)")
            }
        }
        let answer = try await Self.post(sharedCase.call, session: session, token: token, to: server)
        // A call past the write budget is answered 429 (with Retry-After), every other refusal 560.
        let refusedStatus = sharedCase.expect == "RATE_LIMITED" ? 429 : 560
        let passed = sharedCase.expect == "ok" ? answer.status == 200 : answer.status == refusedStatus && answer.code == sharedCase.expect
        #expect(passed, "\(answer.status) \(answer.code ?? "")")
        // Every refusal message is at most 400 characters (and an ellipsis), whatever was sent.
        #expect((answer.message?.count ?? 0) <= 401, "a \(answer.message?.count ?? 0)-character message")
        if passed, let answers = sharedCase.answers {
            #expect(Self.mismatch(answer.value, answers) == nil, "\(Self.mismatch(answer.value, answers) ?? "")")
        }
        // A limit case passed: a row of the README's table of limits (scripts/parity-table).
        if passed, sharedCase.limit, let folder = ProcessInfo.processInfo.environment["WATERLINE_PARITY_DIR"], !folder.isEmpty {
            let file = URL(fileURLWithPath: folder).appendingPathComponent("\(storage.rawValue)-\(UUID().uuidString).case")
            try Data(sharedCase.name.utf8).write(to: file)
        }
        await server.stop()
    }
}
