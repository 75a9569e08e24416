/// The phone's word to its watch that its records changed: the watch pulls.
///
/// It travels as the application context (the system keeps only the latest and hands it to the
/// watch app when it next runs) and, with the watch app in reach, as a message too. The system
/// does not deliver a context equal to the last one it delivered, so every notice carries a
/// sequence that grows with each one the phone sends; the watch acts on a sequence once, however
/// many of the two copies arrive.
public struct PhoneNotice: Codable, Hashable, Sendable {
    /// Grows with every notice (milliseconds of the phone's clock, or one past the last).
    public var sequence: Int

    public init(sequence: Int) {
        self.sequence = sequence
    }

    /// A notice from a phone of an earlier version (no sequence) reads as sequence 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 0
    }

    /// The notice to send after `last`: never equal to it, later than it, and from the clock when
    /// the clock is further on (a phone's app starts with no memory of the last one it sent).
    public static func next(after last: Int?, nowMilliseconds: Int) -> PhoneNotice {
        PhoneNotice(sequence: max((last ?? Int.min) &+ 1, nowMilliseconds))
    }
}
