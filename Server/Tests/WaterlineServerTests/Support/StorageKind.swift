import Foundation
import Testing

/// The two storage engines every server test runs against.
enum StorageKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// Set by `scripts/start-test-postgres` (through `.ci/run`); without it the PostgreSQL cases are skipped.
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["WATERLINE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var isAvailable: Bool { self == .sqlite || Self.postgresURL != nil }

    var testDescription: String { rawValue }

    /// The kinds this run can test, printing why PostgreSQL is left out when it is.
    static let available: [StorageKind] = {
        if postgresURL == nil {
            print("note: PostgreSQL cases skipped: WATERLINE_TEST_POSTGRES_URL is not set (scripts/start-test-postgres sets it)")
            return [.sqlite]
        }
        return allCases
    }()
}
