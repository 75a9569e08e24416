/// A type that reads itself from a `JSONDocument`, faster than through `Decodable`, to exactly the
/// value its `init(from:)` would give there (or throws `JSONDocumentDecoder.Declined`).
/// `JSONDocumentDecoder` uses it wherever it meets the type, nested or not.
public protocol JSONDocumentReadable: Decodable {
    init(document: JSONDocument, node: Int) throws
}
