import Foundation

/// The one JSON shape used for fixtures, watch messages, widget snapshots and sync payloads:
/// dates as milliseconds since 1970 (as Convex stores them), keys sorted for stable output.
public enum WaterlineCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
