/// A type that writes its JSON itself, faster than through `Encodable`, to exactly the bytes
/// `SortedJSONWriter` would write through its `encode(to:)`. The writer uses it wherever it meets
/// the type, nested or not.
public protocol SortedJSONWritable: Encodable {
    func writeSortedJSON(into out: inout [UInt8]) throws
}
