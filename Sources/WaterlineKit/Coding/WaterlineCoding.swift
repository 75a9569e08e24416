import Foundation

/// The one JSON shape used for fixtures, watch messages, widget snapshots and sync payloads:
/// dates as milliseconds since 1970 (as Convex stores them), keys sorted for stable output.
public enum WaterlineCoding {
    /// - Parameter pretty: indent for files people read (fixtures); compact for the wire.
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
