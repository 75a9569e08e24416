/// A value on its way to JSON text: what `JSONTreeEncoder` builds, and `SortedJSONWriter` writes.
enum EncodedValue {
    case string(String)
    /// A number already spelled as JSON.
    case number(String)
    case bool(Bool)
    case null
    case object(EncodedObject)
    case array(EncodedArray)
    /// Bytes a `SortedJSONWritable` wrote itself.
    case raw([UInt8])
    /// A `superEncoder()`'s value, filled in after it was placed.
    case pending(EncodedSlot)
}

/// An object's members, in the order they were encoded (written sorted).
final class EncodedObject {
    var members: [(key: String, value: EncodedValue)] = []

    init() {
        members.reserveCapacity(12)
    }
}

/// An array's elements.
final class EncodedArray {
    var elements: [EncodedValue] = []
}

/// Where one value goes, filled in when it is encoded.
final class EncodedSlot {
    var value: EncodedValue?
}
