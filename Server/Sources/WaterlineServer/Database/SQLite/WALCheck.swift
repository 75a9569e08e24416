import Foundation

/// The write-ahead log checked frame by frame before SQLite opens it.
///
/// SQLite recovers a WAL by walking its frames and stops at the first whose checksum fails:
/// everything after it is dropped without a word, and the next checkpoint makes that final. A
/// torn last frame (a write cut short by a kill) is that case and harmless, since nothing after
/// it was acknowledged. A damaged frame with whole, committed frames of the same log after it is
/// not: those transactions were acknowledged and would vanish. `inspect` finds that case, the
/// frames after the damage checked each against its predecessor's stored checksum (the format's
/// running checksum, https://www.sqlite.org/fileformat2.html#walformat), so the server refuses
/// to start rather than serve what is left.
enum WALCheck {
    /// Committed frames that follow a damaged one.
    struct Damage: Equatable, CustomStringConvertible {
        /// The damaged frame (counted from 1, as SQLite's documentation counts them); 0 for the log's header.
        let frame: Int
        let framesAfter: Int
        let commitsAfter: Int

        var description: String {
            frame == 0
                ? "the write-ahead log's header fails its checksum, and the \(framesAfter) frames after it would be dropped"
                : "write-ahead log frame \(frame) fails its checksum, and \(framesAfter) whole frames after it (\(commitsAfter) committed transactions) would be dropped"
        }
    }

    /// Whether the WAL at `path` holds committed frames SQLite would drop; nil when it is whole,
    /// absent, or only torn at its end.
    static func inspect(_ path: String) throws -> Damage? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return inspect(data)
    }

    static func inspect(_ data: Data) -> Damage? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Damage? in
            guard bytes.count >= 32 else { return nil }
            let magic = bigEndian(bytes, 0)
            guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
            let wordsBigEndian = magic & 1 == 1
            let pageSize = Int(bigEndian(bytes, 8)) == 1 ? 65_536 : Int(bigEndian(bytes, 8))
            guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
            let salts = (bigEndian(bytes, 16), bigEndian(bytes, 20))
            let header = checksum(bytes, 0..<24, from: (0, 0), bigEndianWords: wordsBigEndian)
            // A header that fails its own checksum makes SQLite ignore the whole log: damage when
            // whole frames follow it.
            let frameSize = 24 + pageSize
            let frames = (bytes.count - 32) / frameSize
            guard header == (bigEndian(bytes, 24), bigEndian(bytes, 28)) else {
                return frames > 0 ? Damage(frame: 0, framesAfter: frames, commitsAfter: 0) : nil
            }
            var running = header
            for index in 0..<frames {
                let start = 32 + index * frameSize
                guard (bigEndian(bytes, start + 8), bigEndian(bytes, start + 12)) == salts else { return nil }
                let sum = frameChecksum(bytes, at: start, pageSize: pageSize, from: running, bigEndianWords: wordsBigEndian)
                let stored = (bigEndian(bytes, start + 16), bigEndian(bytes, start + 20))
                if sum == stored {
                    running = sum
                    continue
                }
                // Damaged: what follows, checked each from its predecessor's stored checksum.
                var previous = stored
                var framesAfter = 0
                var commitsAfter = 0
                for later in (index + 1)..<max(index + 1, frames) {
                    let laterStart = 32 + later * frameSize
                    guard (bigEndian(bytes, laterStart + 8), bigEndian(bytes, laterStart + 12)) == salts else { break }
                    let laterStored = (bigEndian(bytes, laterStart + 16), bigEndian(bytes, laterStart + 20))
                    if frameChecksum(bytes, at: laterStart, pageSize: pageSize, from: previous, bigEndianWords: wordsBigEndian) == laterStored {
                        framesAfter += 1
                        if bigEndian(bytes, laterStart + 4) != 0 { commitsAfter += 1 }
                    }
                    previous = laterStored
                }
                return commitsAfter > 0 ? Damage(frame: index + 1, framesAfter: framesAfter, commitsAfter: commitsAfter) : nil
            }
            return nil
        }
    }

    /// A frame's running checksum: its header's first 8 bytes, then its page.
    private static func frameChecksum(
        _ bytes: UnsafeRawBufferPointer, at start: Int, pageSize: Int, from seed: (UInt32, UInt32), bigEndianWords: Bool
    ) -> (UInt32, UInt32) {
        let afterHeader = checksum(bytes, start..<(start + 8), from: seed, bigEndianWords: bigEndianWords)
        return checksum(bytes, (start + 24)..<(start + 24 + pageSize), from: afterHeader, bigEndianWords: bigEndianWords)
    }

    /// SQLite's WAL checksum over `range` (a multiple of 8 bytes), continuing from `seed`.
    private static func checksum(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, from seed: (UInt32, UInt32), bigEndianWords: Bool) -> (UInt32, UInt32) {
        var (s0, s1) = seed
        var offset = range.lowerBound
        while offset < range.upperBound {
            let x0 = bigEndianWords ? bigEndian(bytes, offset) : littleEndian(bytes, offset)
            let x1 = bigEndianWords ? bigEndian(bytes, offset + 4) : littleEndian(bytes, offset + 4)
            s0 = s0 &+ x0 &+ s1
            s1 = s1 &+ x1 &+ s0
            offset += 8
        }
        return (s0, s1)
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func littleEndian(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset + 3]) << 24 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
    }
}
