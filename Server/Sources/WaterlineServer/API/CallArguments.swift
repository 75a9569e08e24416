import Foundation
import WaterlineAPI
import WaterlineCore

/// A call's body read for its `args` as the function's argument type (absent means `{}`).
struct CallArguments<Args: Decodable>: Decodable {
    let args: Args

    private enum CodingKeys: String, CodingKey { case args }

    private static var emptyObject: Data { Data("{}".utf8) }

    init(from decoder: any Decoder) throws {
        let body = try decoder.container(keyedBy: CodingKeys.self)
        if body.contains(.args) {
            args = try body.decode(Args.self, forKey: .args)
        } else {
            args = try WaterlineCoding.decoder().decode(Args.self, from: Self.emptyObject)
        }
    }
}
