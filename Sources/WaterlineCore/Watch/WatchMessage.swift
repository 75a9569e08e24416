import Foundation

/// Everything the phone and the watch say to each other, as versioned JSON.
///
/// On the wire: `{"version": 1, "kind": "logWater", "payload": {...}}`. Fields a later version
/// adds are ignored by this one; a kind it does not know is reported by `decodeIfKnown` as nil.
public enum WatchMessage: Hashable, Sendable {
    case logDrink(WatchLogRequest)
    case logWater(WatchLogRequest)
    /// `requestedAt`: when the person tapped Start on the watch; a start delivered more than
    /// `startLifetime` later (queued while the phone was away) starts nothing.
    case startSession(requestId: UUID, requestedAt: Date? = nil)
    /// Ends `sessionId` only: a late duplicate cannot end a session started after it.
    case endSession(requestId: UUID, sessionId: UUID?)
    case snapshot(WatchSnapshot)
    /// A reminder the phone fired, for the watch to post with a haptic.
    case reminder(ReminderRequest)

    public static let currentVersion = 1

    /// The key the JSON travels under in WatchConnectivity dictionaries.
    public static let userInfoKey = "waterline.message"

    public var kind: String {
        switch self {
        case .logDrink: "logDrink"
        case .logWater: "logWater"
        case .startSession: "startSession"
        case .endSession: "endSession"
        case .snapshot: "snapshot"
        case .reminder: "reminder"
        }
    }

    /// The id of the watch's request, for the messages the watch sends.
    /// How long a Start tapped on the watch stays good: a tap from hours ago, delivered when the
    /// phone came back in reach, is not a night out now.
    public static let startLifetime: TimeInterval = 10 * 60

    public var requestId: UUID? {
        switch self {
        case .logDrink(let request), .logWater(let request): request.id
        case .startSession(let id, _), .endSession(let id, _): id
        case .snapshot, .reminder: nil
        }
    }

    public func encoded() throws -> Data {
        try WaterlineCoding.encoder().encode(self)
    }

    /// The message in `data`, or nil when it is of a kind this version does not know.
    public static func decodeIfKnown(_ data: Data) throws -> WatchMessage? {
        do {
            return try WaterlineCoding.decoder().decode(WatchMessage.self, from: data)
        } catch WatchMessageError.unknownKind {
            return nil
        }
    }
}

/// A watch message that could not be read.
public enum WatchMessageError: Error, Hashable, Sendable {
    case unknownKind(String)
}

extension WatchMessage: Codable {
    private enum CodingKeys: String, CodingKey { case version, kind, payload }

    private struct RequestPayload: Codable {
        var requestId: UUID
        var sessionId: UUID?
        var requestedAt: Date?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "logDrink": self = .logDrink(try container.decode(WatchLogRequest.self, forKey: .payload))
        case "logWater": self = .logWater(try container.decode(WatchLogRequest.self, forKey: .payload))
        case "startSession":
            let payload = try container.decode(RequestPayload.self, forKey: .payload)
            self = .startSession(requestId: payload.requestId, requestedAt: payload.requestedAt)
        case "endSession":
            let payload = try container.decode(RequestPayload.self, forKey: .payload)
            self = .endSession(requestId: payload.requestId, sessionId: payload.sessionId)
        case "snapshot": self = .snapshot(try container.decode(WatchSnapshot.self, forKey: .payload))
        case "reminder": self = .reminder(try container.decode(ReminderRequest.self, forKey: .payload))
        default: throw WatchMessageError.unknownKind(kind)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .logDrink(let request), .logWater(let request): try container.encode(request, forKey: .payload)
        case .startSession(let id, let requestedAt): try container.encode(RequestPayload(requestId: id, requestedAt: requestedAt), forKey: .payload)
        case .endSession(let id, let sessionId): try container.encode(RequestPayload(requestId: id, sessionId: sessionId), forKey: .payload)
        case .snapshot(let snapshot): try container.encode(snapshot, forKey: .payload)
        case .reminder(let reminder): try container.encode(reminder, forKey: .payload)
        }
    }
}
