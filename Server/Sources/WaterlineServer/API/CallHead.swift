import Foundation
import WaterlineJSON

/// What routing needs from a call's body (`{"path", "format", "args"}`): read from the body's
/// `JSONDocument`, the one its arguments are read from, or by Foundation where that declined.
struct CallHead: Decodable {
    /// The function's name, when the body names one as a string.
    var path: String?
    /// `format` is absent or `"json"`.
    var formatIsJSON = true
    /// `args` is absent or an object.
    var argsAreObject = true
    /// The keys of `args`.
    var argumentNames: [String] = []

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The head of a body `WaterlineJSON` read; nil when it is not an object (Foundation then
    /// says what it is).
    init?(document: JSONDocument) {
        let root = document.root
        guard document.nodes[root].kind == .object else { return nil }
        path = document.member("path", of: root).flatMap(document.string(at:))
        if let format = document.member("format", of: root) {
            formatIsJSON = document.string(at: format) == "json"
        }
        if let args = document.member("args", of: root) {
            if document.nodes[args].kind == .object {
                argumentNames = document.keys(of: args)
            } else {
                argsAreObject = false
            }
        }
    }

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: Key.self)
        path = try? body.decode(String.self, forKey: Key(stringValue: "path"))
        if body.contains(Key(stringValue: "format")) {
            formatIsJSON = (try? body.decode(String.self, forKey: Key(stringValue: "format"))) == "json"
        }
        if body.contains(Key(stringValue: "args")) {
            if let args = try? body.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "args")) {
                argumentNames = args.allKeys.map(\.stringValue)
            } else {
                argsAreObject = false
            }
        }
    }
}
