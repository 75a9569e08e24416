import Foundation

/// One timestamped event in a session: an alcoholic drink or a glass of water.
public struct LogEntry: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var sessionId: UUID
    public var timestamp: Date
    public var type: LogType
    public var alcoholMeta: AlcoholMeta?
    public var waterMeta: WaterMeta?
    public var source: LogSource
    public var updatedAt: Date
    /// Set when the entry was deleted; the record stays as a tombstone so sync cannot bring it back.
    public var deletedAt: Date?

    public init(
        id: UUID,
        sessionId: UUID,
        timestamp: Date,
        type: LogType,
        alcoholMeta: AlcoholMeta? = nil,
        waterMeta: WaterMeta? = nil,
        source: LogSource,
        updatedAt: Date? = nil,
        deletedAt: Date? = nil
    ) {
        self.id = id
        self.sessionId = sessionId
        self.timestamp = timestamp
        self.type = type
        self.alcoholMeta = alcoholMeta
        self.waterMeta = waterMeta
        self.source = source
        self.updatedAt = updatedAt ?? timestamp
        self.deletedAt = deletedAt
    }

    /// An alcoholic drink.
    public static func alcohol(
        id: UUID, sessionId: UUID, at timestamp: Date, _ meta: AlcoholMeta, source: LogSource = .phone
    ) -> LogEntry {
        LogEntry(id: id, sessionId: sessionId, timestamp: timestamp, type: .alcohol, alcoholMeta: meta, source: source)
    }

    /// A glass of water.
    public static func water(
        id: UUID, sessionId: UUID, at timestamp: Date, amountOz: Double, source: LogSource = .phone
    ) -> LogEntry {
        LogEntry(
            id: id, sessionId: sessionId, timestamp: timestamp, type: .water,
            waterMeta: WaterMeta(amountOz: amountOz), source: source
        )
    }

    public var isDeleted: Bool { deletedAt != nil }

    /// What this entry adds to the Waterline's drink side: the estimate for a drink, nothing for water.
    public var standardDrinks: Double {
        switch type {
        case .alcohol: alcoholMeta?.standardDrinkEstimate ?? AlcoholMeta.standardDrink.standardDrinkEstimate
        case .water: 0
        }
    }

    /// Throws when the entry's metadata does not match its type or holds impossible values.
    public func validate() throws(ValidationError) {
        try Limits.timestamp.check(timestamp.timeIntervalSince1970, field: "timestamp")
        switch type {
        case .alcohol:
            guard let alcoholMeta else { throw .missing(field: "alcoholMeta") }
            guard waterMeta == nil else { throw .unexpected(field: "waterMeta", reason: "an alcohol entry has no water amount") }
            try alcoholMeta.validate()
        case .water:
            guard let waterMeta else { throw .missing(field: "waterMeta") }
            guard alcoholMeta == nil else { throw .unexpected(field: "alcoholMeta", reason: "a water entry has no drink details") }
            try waterMeta.validate()
        }
    }
}
