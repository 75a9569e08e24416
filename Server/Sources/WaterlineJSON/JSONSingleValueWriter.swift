/// One value being encoded, for `JSONTreeEncoder`.
struct JSONSingleValueWriter: SingleValueEncodingContainer {
    let slot: EncodedSlot

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
    mutating func encode(_ value: String) throws { slot.value = .string(value) }
    mutating func encode(_ value: Double) throws { slot.value = .number(try SortedJSONWriter.spelled(value)) }
    mutating func encode(_ value: Float) throws { throw JSONDocumentDecoder.Declined() }
    mutating func encode(_ value: Int) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot.value = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot.value = .number(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.value = try JSONTreeEncoder.encoded(value)
    }
}
