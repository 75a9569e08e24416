import Foundation
import WaterlineCore

/// Everything the phone and the watch say to each other, as versioned JSON. The watch keeps its
/// own store and runtime; the phone is its backend, so the two exchange records under the same
/// rules as any device and the cloud, and nothing else. Neither side has to ask: the phone
/// delivers what changed (`delivery`), and the watch transfers its changes when it cannot message.
///
/// On the wire: `{"version": 4, "kind": "request", "payload": {...}}`. Fields a later version
/// adds are ignored by this one; a kind it does not know (an earlier version's `call` and
/// `phoneChanged` included) is reported by `decodeIfKnown` as nil.
public enum WatchMessage: Hashable, Sendable {
    /// Watch → phone: one of its sync engine's calls. With `sendMessage` the phone answers in the
    /// reply; queued with `transferUserInfo` (a push while the phone was away) no one waits.
    case request(LinkRequest)
    /// Phone → watch: the answer to a request, in `sendMessage`'s reply.
    case answer(LinkAnswer)
    /// Phone → watch, unasked: a page of the phone's changes, or the latest of what the wrist needs.
    case delivery(PhoneDelivery)

    public static let currentVersion = 4

    /// The key the JSON travels under in WatchConnectivity dictionaries.
    public static let userInfoKey = "waterline.message"

    public var kind: String {
        switch self {
        case .request: "request"
        case .answer: "answer"
        case .delivery: "delivery"
        }
    }

    public func encoded() throws -> Data {
        try WaterlineCoding.encoder(pretty: false).encode(self)
    }

    /// The most a message may hold, checked before a byte of it is decoded: a push of
    /// `Limits.pushBatch` of the largest changes is well under it (about 300 KB), and a message
    /// many times larger (13 MB) costs no more than its length to refuse.
    public static let maximumBytes = 1 << 20

    /// The message in `data`, or nil when it is of a kind this version does not know; throws
    /// `tooLarge` past `maximumBytes`, unread.
    public static func decodeIfKnown(_ data: Data) throws -> WatchMessage? {
        guard data.count <= maximumBytes else { throw WatchMessageError.tooLarge(bytes: data.count) }
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
    /// Over `WatchMessage.maximumBytes`.
    case tooLarge(bytes: Int)
}

extension WatchMessage: Codable {
    private enum CodingKeys: String, CodingKey { case version, kind, payload }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "request": self = .request(try container.decode(LinkRequest.self, forKey: .payload))
        case "answer": self = .answer(try container.decode(LinkAnswer.self, forKey: .payload))
        case "delivery": self = .delivery(try container.decode(PhoneDelivery.self, forKey: .payload))
        default: throw WatchMessageError.unknownKind(kind)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .request(let request): try container.encode(request, forKey: .payload)
        case .answer(let answer): try container.encode(answer, forKey: .payload)
        case .delivery(let delivery): try container.encode(delivery, forKey: .payload)
        }
    }
}
