/// An array being encoded, for `JSONTreeEncoder`.
struct JSONUnkeyedWriter: UnkeyedEncodingContainer {
    let array: EncodedArray

    var codingPath: [any CodingKey] { [] }
    var count: Int { array.elements.count }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.elements.append(.number(try SortedJSONWriter.spelled(value))) }
    mutating func encode(_ value: Float) throws { throw JSONDocumentDecoder.Declined() }
    mutating func encode(_ value: Int) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(.number(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try JSONTreeEncoder.encoded(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        array.elements.append(.array(nested))
        return JSONUnkeyedWriter(array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = EncodedSlot()
        array.elements.append(.pending(slot))
        return JSONTreeEncoder(slot: slot)
    }
}
