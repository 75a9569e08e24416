import Foundation

extension UUID {
    /// Byte-wise order, the same on every platform and the same as comparing lowercase
    /// `uuidString`s, so the TypeScript backend can break ties identically.
    public func isOrderedBefore(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { left in
            withUnsafeBytes(of: other.uuid) { right in
                left.lexicographicallyPrecedes(right)
            }
        }
    }
}
