import Foundation
import WaterlineAPI
import WaterlineCore

/// One backend function as the server runs it: its contract facts and a closure that takes
/// the call's body (`{"path", "args", …}`) and answers the encoded value.
struct FunctionHandler: Sendable {
    let name: String
    let kind: FunctionKind
    let authenticated: Bool
    /// The argument names the contract gives; any other key is refused, as Convex validators do.
    let argumentNames: Set<String>
    let run: @Sendable (_ body: CallBody, _ caller: Caller?) async throws -> Data

    /// A handler for `Function`, decoding its arguments and encoding its value with the kit's coding.
    static func make<Function: ConvexFunction>(
        _ function: Function.Type,
        arguments: [String],
        authenticated: Bool = true,
        _ body: @escaping @Sendable (Function.Args, Caller?) async throws -> Function.Value
    ) -> FunctionHandler {
        FunctionHandler(name: Function.name, kind: Function.kind, authenticated: authenticated, argumentNames: Set(arguments)) { call, caller in
            let value = try await body(try decodeArguments(Function.self, from: call), caller)
            return Data(try WireJSON.encode(FunctionResponse<Function.Value>.success(value)))
        }
    }

    /// A handler whose body answers its value already encoded as JSON (by the kit's coding),
    /// which is placed in the success envelope as it is.
    static func makeJSON<Function: ConvexFunction>(
        _ function: Function.Type,
        arguments: [String],
        _ body: @escaping @Sendable (Function.Args, Caller?) async throws -> String
    ) -> FunctionHandler {
        FunctionHandler(name: Function.name, kind: Function.kind, authenticated: true, argumentNames: Set(arguments)) { call, caller in
            let value = try await body(try decodeArguments(Function.self, from: call), caller)
            // The kit's encoder sorts keys: logLines, status, value.
            return Data(#"{"logLines":[],"status":"success","value":"#.utf8) + Data(value.utf8) + Data("}".utf8)
        }
    }

    private static func decodeArguments<Function: ConvexFunction>(_ function: Function.Type, from call: CallBody) throws -> Function.Args {
        do {
            return try call.arguments(Function.Args.self)
        } catch let error as DecodingError {
            throw FunctionError(.invalidArgument, "\(Function.name): \(Self.describe(error, under: "args"))")
        }
    }

    /// "sizeOz: expected a number", "id: not a UUID", "updatedAt is required", with paths said
    /// from inside the `root` key the value was read under.
    static func describe(_ error: DecodingError, under root: String? = nil) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var codingPath = context.codingPath
            if let root, codingPath.first?.stringValue == root, codingPath.first?.intValue == nil { codingPath.removeFirst() }
            return codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent.isEmpty ? "" : parent + ".")\(key.stringValue) is required"
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.jsonName(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(Self.jsonName(of: type)), got null"
        case .dataCorrupted(let context):
            let where_ = path(context)
            return where_.isEmpty ? context.debugDescription : "\(where_): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Double.Type, is Int.Type, is Float.Type: "a number"
        default: "\(type)"
        }
    }
}
