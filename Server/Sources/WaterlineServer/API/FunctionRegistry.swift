import WaterlineAPI
import WaterlineCore

/// Every function the server answers, by name.
struct FunctionRegistry: Sendable {
    let handlers: [String: FunctionHandler]

    init(context: ServerContext) {
        let all = FunctionHandler.authFunctions(context) + FunctionHandler.userFunctions(context)
            + FunctionHandler.sessionFunctions(context) + FunctionHandler.logEntryFunctions(context)
            + FunctionHandler.presetFunctions(context) + FunctionHandler.syncFunctions(context)
        handlers = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }

    subscript(name: String) -> FunctionHandler? { handlers[name] }

    /// Every function's name.
    var names: Set<String> { Set(handlers.keys) }
}
