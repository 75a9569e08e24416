import Foundation
import WaterlineCore
import WaterlineJSON

/// The wire's commonest record, read and written by hand: a push is mostly logs, and going
/// through `Codable` cost each several microseconds in generic containers alone. The result is
/// the same as through `Codable` (`WaterlineJSONTests` holds both ways to Foundation's, and
/// fails when a field is added to these types and not here); anything unusual is declined, and
/// the generic path or Foundation answers.
extension LogEntry: JSONDocumentReadable, SortedJSONWritable {
    public init(document: JSONDocument, node: Int) throws {
        var id: UUID?, sessionId: UUID?, timestamp: Date?, type: LogType?, source: LogSource?, updatedAt: Date?
        var alcoholMeta: AlcoholMeta?, waterMeta: WaterMeta?, deletedAt: Date?
        try document.forEachMember(of: node) { key, value in
            switch key {
            case "id": id = try document.read(UUID.self, at: value)
            case "sessionId": sessionId = try document.read(UUID.self, at: value)
            case "timestamp": timestamp = try document.read(Date.self, at: value)
            case "type": type = try document.readRaw(LogType.self, at: value)
            case "source": source = try document.readRaw(LogSource.self, at: value)
            case "updatedAt": updatedAt = try document.read(Date.self, at: value)
            case "deletedAt": deletedAt = try document.readIfPresent(Date.self, at: value)
            case "alcoholMeta": alcoholMeta = try document.readIfPresent(AlcoholMeta.self, at: value)
            case "waterMeta": waterMeta = try document.readIfPresent(WaterMeta.self, at: value)
            default: break
            }
        }
        guard let id, let sessionId, let timestamp, let type, let source, let updatedAt else { throw JSONDocumentDecoder.Declined() }
        self.init(
            id: id, sessionId: sessionId, timestamp: timestamp, type: type, alcoholMeta: alcoholMeta, waterMeta: waterMeta,
            source: source, updatedAt: updatedAt, deletedAt: deletedAt
        )
    }

    /// The keys in sorted order, as the kit's encoder writes them.
    public func writeSortedJSON(into out: inout [UInt8]) throws {
        var comma = JSONMembers()
        out.append(UInt8(ascii: "{"))
        if let alcoholMeta {
            comma.key("alcoholMeta", &out)
            try alcoholMeta.writeSortedJSON(into: &out)
        }
        if let deletedAt {
            comma.key("deletedAt", &out)
            try SortedJSONWriter.append(deletedAt, to: &out)
        }
        comma.key("id", &out)
        SortedJSONWriter.append(id, to: &out)
        comma.key("sessionId", &out)
        SortedJSONWriter.append(sessionId, to: &out)
        comma.key("source", &out)
        SortedJSONWriter.append(source.rawValue, to: &out)
        comma.key("timestamp", &out)
        try SortedJSONWriter.append(timestamp, to: &out)
        comma.key("type", &out)
        SortedJSONWriter.append(type.rawValue, to: &out)
        comma.key("updatedAt", &out)
        try SortedJSONWriter.append(updatedAt, to: &out)
        if let waterMeta {
            comma.key("waterMeta", &out)
            try waterMeta.writeSortedJSON(into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension AlcoholMeta: JSONDocumentReadable, SortedJSONWritable {
    public init(document: JSONDocument, node: Int) throws {
        var drinkType: DrinkType?, sizeOz: Double?, abv: Double?, standardDrinkEstimate: Double?, presetId: UUID?
        try document.forEachMember(of: node) { key, value in
            switch key {
            case "drinkType": drinkType = try document.readRaw(DrinkType.self, at: value)
            case "sizeOz": sizeOz = try document.read(Double.self, at: value)
            case "abv": abv = try document.readIfPresent(Double.self, at: value)
            case "standardDrinkEstimate": standardDrinkEstimate = try document.read(Double.self, at: value)
            case "presetId": presetId = try document.readIfPresent(UUID.self, at: value)
            default: break
            }
        }
        guard let drinkType, let sizeOz, let standardDrinkEstimate else { throw JSONDocumentDecoder.Declined() }
        self.init(drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: standardDrinkEstimate, presetId: presetId)
    }

    public func writeSortedJSON(into out: inout [UInt8]) throws {
        var comma = JSONMembers()
        out.append(UInt8(ascii: "{"))
        if let abv {
            comma.key("abv", &out)
            try SortedJSONWriter.append(abv, to: &out)
        }
        comma.key("drinkType", &out)
        SortedJSONWriter.append(drinkType.rawValue, to: &out)
        if let presetId {
            comma.key("presetId", &out)
            SortedJSONWriter.append(presetId, to: &out)
        }
        comma.key("sizeOz", &out)
        try SortedJSONWriter.append(sizeOz, to: &out)
        comma.key("standardDrinkEstimate", &out)
        try SortedJSONWriter.append(standardDrinkEstimate, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension WaterMeta: JSONDocumentReadable, SortedJSONWritable {
    public init(document: JSONDocument, node: Int) throws {
        var amountOz: Double?
        try document.forEachMember(of: node) { key, value in
            if key == "amountOz" { amountOz = try document.read(Double.self, at: value) }
        }
        guard let amountOz else { throw JSONDocumentDecoder.Declined() }
        self.init(amountOz: amountOz)
    }

    public func writeSortedJSON(into out: inout [UInt8]) throws {
        out.append(contentsOf: #"{"amountOz":"#.utf8)
        try SortedJSONWriter.append(amountOz, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
