import WaterlineCore

/// The answer to a function call: `{"status":"success","value":…}` or
/// `{"status":"error","errorMessage":…,"errorData":{"code":…}}`. A `RATE_LIMITED` refusal from
/// Convex says how many seconds to wait in `errorData.retryAfter` (the Swift server says it in
/// the `Retry-After` header of its 429).
public enum FunctionResponse<Value: Codable & Sendable>: Sendable {
    case success(Value)
    case error(message: String, code: String?, retryAfter: Double? = nil)
}

extension FunctionResponse: Codable {
    private enum CodingKeys: String, CodingKey { case status, value, errorMessage, errorData, logLines }
    private struct ErrorData: Codable {
        var code: String?
        var retryAfter: Double?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .status) {
        case "success":
            self = .success(try container.decode(Value.self, forKey: .value))
        case "error":
            let data = try container.decodeIfPresent(ErrorData.self, forKey: .errorData)
            self = .error(message: try container.decode(String.self, forKey: .errorMessage), code: data?.code, retryAfter: data?.retryAfter)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "unknown status \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .success(let value):
            try container.encode("success", forKey: .status)
            try container.encode(value, forKey: .value)
        case .error(let message, let code, let retryAfter):
            try container.encode("error", forKey: .status)
            try container.encode(message, forKey: .errorMessage)
            try container.encode(ErrorData(code: code, retryAfter: retryAfter), forKey: .errorData)
        }
        try container.encode([String](), forKey: .logLines)
    }
}
