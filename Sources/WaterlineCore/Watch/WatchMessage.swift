import Foundation

/// Everything the phone and the watch say to each other, as versioned JSON. The watch keeps its
/// own store and runtime; the phone is its backend, so the two exchange records under the same
/// rules as any device and the cloud, and nothing else.
///
/// On the wire: `{"version": 2, "kind": "call", "payload": {...}}`. Fields a later version adds
/// are ignored by this one; a kind it does not know (an earlier version's included) is reported
/// by `decodeIfKnown` as nil.
public enum WatchMessage: Hashable, Sendable {
    /// Watch → phone: one backend function call (`sync:push`, `sync:pull`, `users:me`) as the
    /// body of the Convex HTTP API. The phone answers it from its own store in the same shape
    /// (`{"status": "success", "value": …}`), in the reply when there is one.
    case call(Data)
    /// Phone → watch: the phone's records changed (the watch pulls), and who posts reminders.
    case phoneChanged(PhoneNotice)

    public static let currentVersion = 2

    /// The key the JSON travels under in WatchConnectivity dictionaries.
    public static let userInfoKey = "waterline.message"

    public var kind: String {
        switch self {
        case .call: "call"
        case .phoneChanged: "phoneChanged"
        }
    }

    public func encoded() throws -> Data {
        try WaterlineCoding.encoder(pretty: false).encode(self)
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

    private struct CallPayload: Codable {
        var body: Data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "call": self = .call(try container.decode(CallPayload.self, forKey: .payload).body)
        case "phoneChanged": self = .phoneChanged(try container.decode(PhoneNotice.self, forKey: .payload))
        default: throw WatchMessageError.unknownKind(kind)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .call(let body): try container.encode(CallPayload(body: body), forKey: .payload)
        case .phoneChanged(let notice): try container.encode(notice, forKey: .payload)
        }
    }
}
