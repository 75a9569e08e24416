import Foundation
import WaterlineJSON

/// A call's body (`{"path", "format", "args"}`) as it arrived, read once: what routing needs
/// and where its arguments are.
struct CallBody {
    let data: Data
    /// The body read by `WaterlineJSON`; nil where that declined (then Foundation reads `data`).
    let document: JSONDocument?
    let head: CallHead

    /// Nil when the body is not a JSON object. Its negative zeros are read as zeros (`NegativeZero`).
    init?(_ body: Data) {
        var bytes = Array(body)
        let data = NegativeZero.unsign(&bytes) ? Data(bytes) : body
        self.data = data
        let document = JSONDocument(bytes: bytes)
        if let document, let head = CallHead(document: document) {
            self.document = document
            self.head = head
        } else if let head = try? WireJSON.decode(CallHead.self, in: nil, orFrom: data) {
            // Read by Foundation alone: an object `WaterlineJSON` leaves to it.
            self.document = nil
            self.head = head
        } else {
            return nil
        }
    }

    /// The arguments as `Args` (an absent `args` is `{}`), as Foundation would read them.
    func arguments<Args: Decodable>(_ type: Args.Type) throws -> Args {
        try WireJSON.decode(CallArguments<Args>.self, in: document, orFrom: data).args
    }
}
