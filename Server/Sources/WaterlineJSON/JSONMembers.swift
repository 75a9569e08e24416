/// Writes an object's keys for a hand-written `SortedJSONWritable`, a comma before each but the first.
public struct JSONMembers {
    private var first = true

    public init() {}

    /// `"name":`, after a comma unless it is the first key. `name` needs no escapes.
    public mutating func key(_ name: StaticString, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }
}
