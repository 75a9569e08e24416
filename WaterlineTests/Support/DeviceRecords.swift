import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage

/// Everything one device keeps, tombstones included, as it travels (no device's own user id), in
/// id order: two devices that agree have equal values, field by field.
struct DeviceRecords: Equatable, CustomStringConvertible {
    var sessions: [SessionRecord]
    var logs: [LogEntry]
    var presets: [PresetRecord]
    var settings: UserSettings?

    init(_ store: some StoreRows) async throws {
        let every = try await store.transaction(writes: false) { try await store.readEveryRecord() }
        sessions = every.sessions.map(\.record).sorted { $0.id.uuidString < $1.id.uuidString }
        logs = every.logs.sorted { $0.id.uuidString < $1.id.uuidString }
        presets = every.presets.map(\.record).sorted { $0.id.uuidString < $1.id.uuidString }
        settings = try await store.user()?.settings
    }

    var liveLogs: [LogEntry] { logs.filter { $0.deletedAt == nil } }
    var runningSessions: [SessionRecord] { sessions.filter { $0.isActive && $0.deletedAt == nil } }

    var description: String {
        "\(sessions.count) sessions (\(runningSessions.count) running), \(liveLogs.count) live logs of \(logs.count), \(presets.count) presets"
    }
}
