import Foundation
import SQLiteNIO
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// The built binaries as a newcomer meets them: no system SQLite, options where people put
/// them, odd input, damaged or older stores, no terminal, and a real one.
@Suite("waterline: a bare machine, odd input, old and damaged stores, the live screen")
struct BareMachineTests {
    static let evening = Date(timeIntervalSince1970: 1_795_291_200)

    func storePath(_ cli: CLI) -> String { cli.home.appendingPathComponent("waterline.sqlite").path }

    @Test("the binary links no system libsqlite3: the package builds its own (the server checks its own binary)")
    func noSystemSQLite() throws {
        let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
        try #require(FileManager.default.isExecutableFile(atPath: ldd.path), "ldd is needed to read the binaries' libraries")
        for name in ["waterline"] {
            let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent(name)
            let process = Process()
            process.executableURL = ldd
            process.arguments = [binary.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(libraries.contains("libc.so"), "ldd read \(name)")
            #expect(!libraries.contains("libsqlite3"), "\(name) links the system SQLite:\n\(libraries)")
        }
    }

    @Test("--home and --json before the subcommand, as git -C does")
    func globalOptionsFirst() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        let elsewhere = CLI(now: Self.evening)
        let status = try await elsewhere.run(["--home", cli.home.path, "status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Drinks 0"))
        let json = try await elsewhere.run(["--json", "--home=\(cli.home.path)", "status"])
        #expect(json.stdout.contains(#""active" : true"#), "\(json.stderr)")
        let drink = try await elsewhere.run(["--home", cli.home.path, "drink", "--preset", "beer"])
        #expect(drink.status == 0 && drink.stdout.contains("Logged Beer"), "\(drink.stderr)")
        #expect(try await elsewhere.run("status").stdout.contains("No active session"), "nothing was written in the other home")
    }

    @Test("a pinned time out of range or unreadable is refused with one line", arguments: ["1e300", "-5", "nan", "tonight"])
    func pinnedTime(value: String) async throws {
        let cli = CLI()
        let process = try await cli.run(["status"], environment: ["WATERLINE_NOW": value])
        #expect(process.status == 1)
        #expect(process.stderr == "waterline: WATERLINE_NOW must be at least 946684800 and at most 4102444800 seconds since 1970 (got \(value))\n")
        #expect(!FileManager.default.fileExists(atPath: storePath(cli)), "nothing was created")
    }

    @Test("settings synced from elsewhere with a huge threshold: status still draws a short gauge")
    func hugeThreshold() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        // As an older server might have stored it before the bounds: written past the service.
        let connection = try await SQLiteConnection.open(storage: .file(path: storePath(cli)))
        let body = try #require(try await connection.query("SELECT body FROM user").first?.column("body")?.string)
        var user = try WaterlineCoding.decoder().decode(User.self, from: Data(body.utf8))
        user.settings.warningThreshold = 100_000
        user.settings.waterEveryNDrinks = Int.max
        _ = try await connection.query("UPDATE user SET body = ?", [.text(String(decoding: try WaterlineCoding.encoder().encode(user), as: UTF8.self))])
        try await connection.close()

        let status = try await cli.run("status")
        #expect(status.status == 0, "\(status.stderr)")
        let gauge = status.stdout.split(separator: "\n").filter { $0.contains("│") || $0.contains("├") }
        #expect(gauge.count <= 11, "\(gauge.count) gauge rows")
        #expect(status.stdout.contains("← warning"))
    }

    @Test("a store written by the earlier GRDB-based waterline opens, with its data, and takes writes")
    func olderStore() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        try await cli.run("drink", "--preset", "beer")
        // What GRDB left: its migrations table, and no user_version.
        let connection = try await SQLiteConnection.open(storage: .file(path: storePath(cli)))
        _ = try await connection.query("PRAGMA user_version = 0")
        _ = try await connection.query("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        _ = try await connection.query("INSERT INTO grdb_migrations (identifier) VALUES ('v1')")
        try await connection.close()

        let status = try await cli.run("status")
        #expect(status.status == 0 && status.stdout.contains("Drinks 1"), "\(status.stderr)")
        #expect(try await cli.run("water").status == 0)
        #expect(try await cli.run("status").stdout.contains("Water 1"))
    }

    @Test("a damaged store: a warning, writes refused with the way out, export still reads what it can")
    func damagedStore() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        // A session long enough to span many pages, written in-process for speed, a minute apart.
        let store = try await SQLiteSessionStore.open(path: storePath(cli))
        let service = SessionService(store: store, now: { Self.evening.addingTimeInterval(6 * 3600) })
        for minute in 0..<300 { _ = try await service.logWater(source: .phone, at: Self.evening.addingTimeInterval(Double(minute) * 60)) }
        await store.close()
        // Break the last leaf page of the logs table (its page type byte), as a failing disk would.
        let connection = try await SQLiteConnection.open(storage: .file(path: storePath(cli)))
        let pageSize = try #require(try await connection.query("PRAGMA page_size").first?.column("page_size")?.integer)
        let leaves = try await connection.query("SELECT pageno FROM dbstat WHERE name = 'log_entries' AND pagetype = 'leaf' ORDER BY pageno")
            .compactMap { $0.column("pageno")?.integer }
        try await connection.close()
        #expect(leaves.count > 5)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: storePath(cli)))
        try file.seek(toOffset: UInt64((try #require(leaves.last) - 1) * pageSize))
        try file.write(contentsOf: Data([0xFF]))
        try file.close()

        let water = try await cli.run("water")
        #expect(water.status == 1)
        #expect(water.stderr.contains("is damaged"), "\(water.stderr)")
        #expect(water.stderr.contains("waterline export --format json"), "\(water.stderr)")
        let export = try await cli.run("export", "--format", "csv")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.hasPrefix("waterline: warning: the store"))
        let rows = export.stdout.split(separator: "\n").count - 1
        #expect(rows > 200 && rows < 300, "\(rows) of 300 logs saved")
    }

    @Test("a row that does not decode: every command goes on without it, names it, and export saves the rest")
    func undecodableRow() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        try await cli.run("drink", "--preset", "beer")
        try await cli.run("water")
        try await cli.run("water")
        // One log's record altered by hand (or written by a newer version): not JSON it can read.
        let connection = try await SQLiteConnection.open(storage: .file(path: storePath(cli)))
        let ids = try await connection.query("SELECT id FROM log_entries ORDER BY timestamp, id").compactMap { $0.column("id")?.string }
        #expect(ids.count == 3)
        let broken = try #require(ids.first)
        _ = try await connection.query("UPDATE log_entries SET body = '{\"id\": 42' WHERE id = ?", [.text(broken)])
        try await connection.close()

        for arguments in [["status"], ["sessions"], ["export", "--format", "json"], ["export", "--format", "csv"], ["water"], ["end"], ["summary"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("1 record in the store could not be read"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("log_entries \(broken)"), "\(arguments): \(result.stderr)")
        }
        let export = try #require(try await cli.json("export", "--format", "json") as? [String: Any])
        #expect((export["logs"] as? [Any])?.count == 3, "the two logs that read, and the water logged since")
        // The row is left in the file as it was.
        let after = try await SQLiteConnection.open(storage: .file(path: storePath(cli)))
        let body = try await after.query("SELECT body FROM log_entries WHERE id = ?", [.text(broken)]).first?.column("body")?.string
        try await after.close()
        #expect(body == "{\"id\": 42")
    }

    @Test("with no terminal, `waterline` prints the status and exits")
    func noTerminal() async throws {
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        let plain = try await cli.run([])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Waterline 0 (at center)"))
        #expect(plain.stdout.contains("├─────┤ center"))
        let json = try await cli.run(["--json"])
        #expect(json.stdout.contains(#""active" : true"#))
    }

    @Test("in a terminal, `waterline` is the live screen: w logs water, q quits and leaves the screen")
    func liveScreen() async throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "util-linux's script gives the screen a terminal")
        let cli = CLI(now: Self.evening)
        try await cli.run("start")
        let command = "\(CLI.binary.path) --home \(cli.home.path)"
        // Water, then the drink menu and its second preset, then quit; `timeout` ends a screen that would not.
        let screen = try await cli.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"), ["60", script.path, "-qec", command, "/dev/null"],
            input: "wd2q", environment: ["TERM": "xterm"]
        )
        #expect(screen.status == 0, "\(screen.stderr)")
        #expect(screen.stdout.contains("d drink  w water  u undo  e end  q quit"))
        #expect(screen.stdout.contains("\u{1B}[?1049l"), "the terminal's own screen is put back")
        let status = try await cli.run("status", "--json")
        #expect(status.stdout.contains(#""totalWaterCount" : 1"#), "\(status.stdout)")
        #expect(status.stdout.contains(#""totalAlcoholCount" : 1"#), "the second preset from the d menu")
    }
}
