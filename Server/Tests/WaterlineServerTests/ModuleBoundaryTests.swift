import Foundation
import Testing

/// The server is built from the core's values and rules and the wire API alone: the client's
/// stores, sync engine, runtime and screen models are not in its binary.
@Suite("What the server links")
struct ModuleBoundaryTests {
    @Test("waterline-server carries WaterlineCore and WaterlineAPI, and no symbol of the client's modules")
    func linkedModules() throws {
        let nm = URL(fileURLWithPath: "/usr/bin/nm")
        try #require(FileManager.default.isExecutableFile(atPath: nm.path), "nm is needed to read the binary's symbols")
        let process = Process()
        process.executableURL = nm
        process.arguments = [SecretsAndLeaksTests.binary.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let symbols = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Swift's mangled names spell each module out ("13WaterlineCore…").
        #expect(symbols.contains("WaterlineCore") && symbols.contains("WaterlineAPI"))
        for module in ["WaterlineStorage", "WaterlineSync", "WaterlineRuntime", "WaterlineScreens", "WaterlineData"] {
            #expect(!symbols.contains(module), "waterline-server links \(module)")
        }
    }
}
