import Foundation

/// The `Encoder` behind `SortedJSONWriter`: builds an `EncodedValue` with WaterlineCoding's
/// special cases (dates as whole milliseconds).
struct JSONTreeEncoder: Encoder {
    let slot: EncodedSlot

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func encoded<T: Encodable>(_ value: T) throws -> EncodedValue {
        guard let encoded = try special(value) else {
            let slot = EncodedSlot()
            try value.encode(to: JSONTreeEncoder(slot: slot))
            guard let result = slot.value else { throw JSONDocumentDecoder.Declined() }
            return result
        }
        return encoded
    }

    /// The types Foundation's encoder (with WaterlineCoding's date strategy) writes its own way:
    /// dates in WaterlineCoding's form, the rest declined; nil for everything else.
    private static func special<T: Encodable>(_ value: T) throws -> EncodedValue? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Double.self { return .number(try SortedJSONWriter.spelled(value as! Double)) }
        if T.self == Int.self { return .number(String(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == UUID.self { return .string(UUIDText.string(value as! UUID)) }
        if T.self == Date.self {
            var bytes: [UInt8] = []
            try SortedJSONWriter.append(value as! Date, to: &bytes)
            return .raw(bytes)
        }
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == Float.self { throw JSONDocumentDecoder.Declined() }
        if let writable = value as? any SortedJSONWritable {
            var bytes: [UInt8] = []
            try writable.writeSortedJSON(into: &bytes)
            return .raw(bytes)
        }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = slot.value {
            object = existing
        } else {
            object = EncodedObject()
            slot.value = .object(object)
        }
        return KeyedEncodingContainer(JSONKeyedWriter<Key>(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = slot.value {
            array = existing
        } else {
            array = EncodedArray()
            slot.value = .array(array)
        }
        return JSONUnkeyedWriter(array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueWriter(slot: slot)
    }
}
