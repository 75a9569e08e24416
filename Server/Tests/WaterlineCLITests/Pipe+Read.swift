import Foundation

extension Pipe {
    /// What a child process has written here once it contains `marker` (or once it ended),
    /// read on a thread of its own: the read blocks until the words come.
    func text(until marker: String) async -> String {
        let handle = fileHandleForReading
        return await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread {
                var text = ""
                while !text.contains(marker) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }.start()
        }
    }
}
