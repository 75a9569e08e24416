// The phone's and the watch's transport (`URLSessionTransport`, on Linux's URLSession) asked for one
// answer by a process of its own, so what a hostile answer costs it is counted for it alone and
// never weighs on the test process (the command line's tests measure it: `HostileAnswerTests`).
// Not a product. Run with: transport-probe URL MAXIMUM_BYTES; says on standard error what the call
// came to, and exits 0 when it was refused, 1 when it was answered.
import Foundation
import WaterlineAPI

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[1]), let cap = Int(arguments[2]), cap > 0 else {
    FileHandle.standardError.write(Data("usage: transport-probe URL MAXIMUM_BYTES\n".utf8))
    exit(2)
}
let client = ConvexClient(baseURL: url, transport: URLSessionTransport(maximumBytes: cap))
do {
    _ = try await client.call(Users.Me.self)
    FileHandle.standardError.write(Data("answered\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("refused: \(error)\n".utf8))
}
