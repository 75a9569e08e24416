import Foundation
import Testing
@testable import waterline
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineTestSupport

/// The live screen's logic, without a terminal: what is drawn for a state, and what keys do.
@Suite("waterline: the live screen, drawn and driven without a terminal")
struct LiveScreenTests {
    static let evening = Date(timeIntervalSince1970: 1_795_291_200)

    /// A session over an in-memory store: a water, then `drinks` beers.
    func session(_ settings: UserSettings = UserSettings(), drinks: Int = 1) async throws -> (SessionSnapshot, [DrinkPreset]) {
        let service = SessionService(store: InMemorySessionStore(), now: { Self.evening })
        try await service.prepare(settings: settings)
        _ = try await service.startSession()
        // A second apart, so the replay order is the order they were logged in.
        var update = try await service.logWater(source: .phone, at: Self.evening.addingTimeInterval(1))
        for second in 0..<drinks {
            update = try await service.logDrink(.quick, source: .phone, at: Self.evening.addingTimeInterval(Double(2 + second)))
        }
        return (try update.snapshot, try await service.presets())
    }

    func frame(_ update: SessionSnapshot?, presets: [DrinkPreset] = [], settings: UserSettings = UserSettings(), mode: LiveScreenState.Mode = .main) -> LiveFrame {
        LiveFrame(update: update, settings: settings, presets: presets, now: Self.evening.addingTimeInterval(65), mode: mode)
    }

    @Test("a running session: gauge, counts, water due, countdown, recent logs, the keys")
    func session() async throws {
        let (update, presets) = try await session()
        let lines = LiveScreen.render(frame(update, presets: presets), width: 100, height: 40)
        #expect(lines.first?.hasPrefix("Waterline 0 · at center") == true)
        #expect(lines.contains("    0 ├─────┤ center"))
        #expect(lines.contains { $0.hasPrefix("Drinks 1 (1 std) · Water 1") })
        #expect(lines.contains("Water due now"))
        #expect(lines.contains { $0.hasPrefix("Next reminder") && $0.hasSuffix("in 18:56") })
        #expect(lines.contains("Recent"))
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(" · ") }.count == 2)
        #expect(lines.last == "d drink  w water  u undo  e end  q quit")
    }

    @Test("the warning, a reminder that fell due, and a message are all shown")
    func warningAndReminder() async throws {
        let (update, presets) = try await session(drinks: 3)
        var frame = frame(update, presets: presets)
        frame.reminder = update.reminders.requests.first
        frame.message = "Logged Beer · 12 oz · 1 std"
        let lines = LiveScreen.render(frame, width: 120, height: 40)
        #expect(lines.contains("Drink water to return to center"))
        #expect(lines.contains { $0.hasPrefix("⏰ ") && $0.contains("Time for water") && $0.hasSuffix("(w logs water)") })
        #expect(lines[lines.count - 2] == "Logged Beer · 12 oz · 1 std")
    }

    @Test("menus: presets by number, and the end confirmation")
    func menus() async throws {
        let (update, presets) = try await session()
        let picking = LiveScreen.render(frame(update, presets: presets, mode: .pickingPreset), width: 200, height: 40)
        #expect(picking.contains { $0.hasPrefix("1 Beer (1 std)  2 ") && $0.contains("5 Double (2 std)") })
        #expect(picking.last == "Press a number to log it, Esc to go back")
        let confirming = LiveScreen.render(frame(update, presets: presets, mode: .confirmingEnd), width: 80, height: 40)
        #expect(confirming.last == "End this session? y ends it, n keeps going")
    }

    @Test("no session: what to press, and the last session's totals")
    func noSession() async throws {
        var empty = frame(nil)
        #expect(LiveScreen.render(empty, width: 80, height: 24) == [
            "Waterline · no session running   20:01", "No sessions yet. When you head out, start one here.", "s start a session  q quit",
        ])
        empty.lastSummary = SessionSummary.mock
        #expect(LiveScreen.render(empty, width: 80, height: 24)[1].hasPrefix("Last session: Drinks"))
    }

    @Test("a small terminal: every line fits its width, the keys stay on the last row")
    func smallTerminal() async throws {
        let (update, presets) = try await session(drinks: 4)
        for (width, height) in [(20, 6), (40, 12), (10, 3), (80, 24)] {
            let lines = LiveScreen.render(frame(update, presets: presets), width: width, height: height)
            #expect(lines.count <= height)
            #expect(lines.allSatisfy { $0.count <= width }, "\(width)×\(height)")
            #expect(lines.last?.hasPrefix(String("d drink".prefix(width - 1))) == true)
        }
    }

    @Test("keys: d opens the presets, a number logs one, Esc backs out, e asks, y ends, q and Ctrl-C quit")
    func keys() {
        var state = LiveScreenState()
        func press(_ key: Character, session: Bool = true) -> LiveScreenState.Action? {
            state.press(key.asciiValue!, hasSession: session, presetCount: 5)
        }
        #expect(press("w") == .logWater)
        #expect(press("W") == .logWater)
        #expect(press("u") == .undo)
        #expect(press("x") == nil)
        #expect(press("d") == .redraw && state.mode == .pickingPreset)
        #expect(press("7") == nil, "only 5 presets")
        #expect(press("2") == .logPreset(1) && state.mode == .main)
        #expect(press("d") == .redraw)
        #expect(state.press(LiveScreenState.escape, hasSession: true, presetCount: 5) == .redraw && state.mode == .main)
        #expect(press("e") == .redraw && state.mode == .confirmingEnd)
        #expect(press("w") == nil, "nothing else is taken while asking")
        #expect(press("n") == .redraw && state.mode == .main)
        #expect(press("e") == .redraw)
        #expect(press("y") == .endSession && state.mode == .main)
        #expect(press("w", session: false) == nil)
        #expect(press("s", session: false) == .startSession)
        #expect(press("q") == .quit)
        #expect(state.press(LiveScreenState.interrupt, hasSession: true, presetCount: 5) == .quit)
        #expect(LiveScreenState().mode == .main)
        var noPresets = LiveScreenState()
        #expect(noPresets.press(Character("d").asciiValue!, hasSession: true, presetCount: 0) == nil)
    }

    @Test("the gauge keeps a fixed height whatever the value or threshold", arguments: [
        (0.0, 2), (2.5, 2), (-3.0, 2), (40.0, 2), (1.0, 20), (0.0, 100_000), (5.0, Int.max), (-1e9, Int.min),
    ])
    func gauge(value: Double, threshold: Int) {
        let lines = Gauge.render(value: value, threshold: threshold)
        #expect(lines.count >= 5 && lines.count <= Gauge.maximumRows + 2, "\(lines.count) rows")
        #expect(lines.contains { $0.hasSuffix("├─────┤ center") })
        if threshold > 0 && threshold < 1_000_000 { #expect(lines.filter { $0.hasSuffix("← warning") }.count == 1) }
    }

    @Test("the small gauge is unchanged: one row per step")
    func smallGauge() {
        #expect(Gauge.render(value: 1, threshold: 2) == [
            "   +3 │     │", "   +2 │     │ ← warning", "   +1 │▓▓▓▓▓│", "    0 ├─────┤ center", "   −1 │     │", "   −2 │     │",
        ])
    }

    @Test("--home and --json may come before the subcommand", arguments: [
        (["--home", "/tmp/x", "status"], ["status", "--home", "/tmp/x"]),
        (["--home=/tmp/x", "--json", "summary"], ["summary", "--home=/tmp/x", "--json"]),
        (["--json", "presets", "list"], ["presets", "list", "--json"]),
        (["status", "--home", "/tmp/x"], ["status", "--home", "/tmp/x"]),
        (["--home", "/tmp/x"], ["--home", "/tmp/x"]),
        ([], []),
        (["--home"], ["--home"]),
    ])
    func globalArguments(given: [String], expected: [String]) {
        #expect(GlobalArguments.normalized(given) == expected)
    }
}
