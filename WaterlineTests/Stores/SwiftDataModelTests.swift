#if canImport(SwiftData)
import Foundation
import SwiftData
import Testing
import WaterlineData
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The SwiftData models themselves (runs where SwiftData exists: `swift test` on macOS, the iOS scheme).
@Suite("SwiftData models")
struct SwiftDataModelTests {
    @Test("models round-trip the kit's values, with the spec's defaults")
    @MainActor
    func roundTrip() throws {
        let context = ModelContext(try WaterlineContainer.make(inMemory: true))
        let user = UserRow(User(id: UUID(number: 1), createdAt: Fixed.start))
        context.insert(user)
        #expect(user.settings == UserSettings())
        #expect(user.settings.waterEveryNDrinks == 1)
        #expect(user.settings.warningThreshold == 2)
        #expect(user.settings.timeReminderIntervalMinutes == 20)
        #expect(user.settings.defaultWaterAmountOz == 8)
        let session = SessionRow(Session.mockNightOut)
        context.insert(session)
        session.user = user
        for log in LogEntry.mockSession {
            let stored = LogEntryRow(log)
            context.insert(stored)
            stored.session = session
            #expect(stored.value == log)
        }
        try context.save()
        #expect(session.value == Session.mockNightOut)
        #expect(session.logs.count == 3)
        #expect(user.sessions.count == 1)
    }

    @Test("the store is versioned: the plan lists V1 then V2, the container opens V2, and a store on disk reopens through the plan with its rows")
    @MainActor
    func versioned() throws {
        #expect(WaterlineSchemaV1.versionIdentifier == Schema.Version(1, 0, 0))
        #expect(WaterlineSchemaV2.versionIdentifier == Schema.Version(2, 0, 0))
        #expect(WaterlineMigrationPlan.schemas.map(ObjectIdentifier.init) == [ObjectIdentifier(WaterlineSchemaV1.self), ObjectIdentifier(WaterlineSchemaV2.self)])
        #expect(Set(WaterlineContainer.schema.entities.map(\.name)) == Set(WaterlineSchemaV2.models.map { "\($0)".components(separatedBy: ".").last ?? "" }))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-\(UUID().uuidString).store")
        var planned = Session.mockNightOut
        planned.plannedDrinks = 4
        do {
            let context = ModelContext(try WaterlineContainer.make(at: url))
            context.insert(SessionRow(planned))
            try context.save()
        }
        let reopened = ModelContext(try WaterlineContainer.make(at: url))
        #expect(try reopened.fetch(FetchDescriptor<SessionRow>()).map(\.value) == [planned], "the plan is kept")
    }

    @Test("a V1 store on disk opens as V2 through the lightweight stage: its rows kept, the plan column empty")
    @MainActor
    func fromVersionOne() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-v1-\(UUID().uuidString).store")
        do {
            let v1 = Schema(versionedSchema: WaterlineSchemaV1.self)
            let context = ModelContext(try ModelContainer(for: v1, configurations: [ModelConfiguration(schema: v1, url: url)]))
            context.insert(WaterlineSchemaV1.SessionRow(Session.mockNightOut))
            context.insert(WaterlineSchemaV1.PresetRow(DrinkPreset.mockDouble))
            try context.save()
        }
        let opened = ModelContext(try WaterlineContainer.make(at: url))
        #expect(try opened.fetch(FetchDescriptor<SessionRow>()).map(\.value) == [Session.mockNightOut])
        #expect(try opened.fetch(FetchDescriptor<PresetRow>()).map(\.value) == [DrinkPreset.mockDouble])
    }

    @Test("deleting a user cascades to sessions and their logs")
    @MainActor
    func cascade() throws {
        let context = ModelContext(try WaterlineContainer.make(inMemory: true))
        let user = UserRow(User(id: UUID(number: 1), createdAt: Fixed.start))
        let session = SessionRow(Session.mockNightOut)
        let log = LogEntryRow(LogEntry.mockBeer)
        context.insert(user)
        context.insert(session)
        context.insert(log)
        session.user = user
        log.session = session
        try context.save()
        context.delete(user)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<SessionRow>()).isEmpty)
        #expect(try context.fetch(FetchDescriptor<LogEntryRow>()).isEmpty)
    }
}
#endif
