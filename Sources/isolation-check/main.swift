import Foundation
import WaterlineIsolationCheck

// Lists every closure the Apple targets hand to a system callback, and every system delegate
// method, and every conformance to a system protocol whose isolation differs between SDKs, with the
// isolation each is formed in; fails on one that is main-actor isolated (a closure neither
// `@Sendable` nor in a `nonisolated` function, which Swift 6 would trap on at run time; a
// conformance not marked `@preconcurrency`, which one of the SDKs refuses to compile).
// Usage: isolation-check [folder …]   (default: Apps)
let folders = CommandLine.arguments.dropFirst().isEmpty ? ["Apps"] : Array(CommandLine.arguments.dropFirst())
var files: [(path: String, source: String)] = []
for folder in folders {
    guard let walker = FileManager.default.enumerator(atPath: folder) else {
        FileHandle.standardError.write(Data("isolation-check: no folder \(folder)\n".utf8))
        exit(2)
    }
    while let path = walker.nextObject() as? String {
        guard path.hasSuffix(".swift") else { continue }
        let full = (folder as NSString).appendingPathComponent(path)
        files.append((full, (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""))
    }
}
let findings = IsolationScanner.check(files.sorted { $0.path < $1.path })
for finding in findings { print(finding) }
let unsafe = findings.filter { !$0.isSafe }.count
print("isolation-check: \(files.count) files, \(findings.count) closures, delegate methods and conformances handed to the system: \(findings.count - unsafe) safe, \(unsafe) main-actor isolated")
exit(unsafe == 0 ? 0 : 1)
