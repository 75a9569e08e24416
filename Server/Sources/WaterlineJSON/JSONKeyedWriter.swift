/// An object being encoded, for `JSONTreeEncoder`.
struct JSONKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodedObject

    var codingPath: [any CodingKey] { [] }

    private func put(_ value: EncodedValue, _ key: Key) {
        object.members.append((key.stringValue, value))
    }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.number(try SortedJSONWriter.spelled(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw JSONDocumentDecoder.Declined() }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(String(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try JSONTreeEncoder.encoded(value), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        put(.object(nested), key)
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        put(.array(nested), key)
        return JSONUnkeyedWriter(array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = EncodedSlot()
        object.members.append(("super", .pending(slot)))
        return JSONTreeEncoder(slot: slot)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let slot = EncodedSlot()
        put(.pending(slot), key)
        return JSONTreeEncoder(slot: slot)
    }
}
