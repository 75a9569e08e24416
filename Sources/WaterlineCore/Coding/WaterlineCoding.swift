import Foundation

/// The one JSON shape used for fixtures, watch messages, widget snapshots and sync payloads:
/// dates as whole milliseconds since 1970 (as Convex stores them), keys sorted for stable output.
///
/// Dates the app makes are whole milliseconds (`Date.roundedToMilliseconds`), and such a date
/// survives encoding and decoding exactly, so a record that went to the server and back
/// compares equal to the one on the device.
public enum WaterlineCoding {
    /// - Parameter pretty: indent for files people read (fixtures); compact for the wire.
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let milliseconds = try decoder.singleValueContainer().decode(Double.self)
            guard milliseconds.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a time"))
            }
            return Date(timeIntervalSince1970: milliseconds.rounded() / 1000)
        }
        return decoder
    }
}
