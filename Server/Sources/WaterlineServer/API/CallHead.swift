import Foundation

/// What routing needs from a call's body (`{"path", "format", "args"}`): read with the same
/// decoder that reads the arguments, so the body is parsed into nothing heavier than that.
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
