import Foundation
import Testing

@Suite("waterline: a night out in the terminal")
struct NightOutTests {
    @Test("start, drinks, water, status, log, end, summary, sessions, export")
    func nightOut() async throws {
        let cli = CLI()
        #expect(try await cli.run("status").stdout.contains("No active session"))
        let start = try await cli.run("start")
        #expect(start.status == 0)
        #expect(start.stdout.contains("Session started"))

        let beer = try await cli.run("drink", "--preset", "beer")
        #expect(beer.status == 0, "\(beer.stderr)")
        #expect(beer.stdout.contains("Logged Beer · 12 oz · 1 std"))
        #expect(beer.stdout.contains("→ Time for water"), "N = 1: the first drink asks for water")
        let double = try await cli.run("drink", "--type", "liquor", "--size", "double")
        #expect(double.stdout.contains("Liquor · 3 oz · 2 std"))
        #expect(double.stdout.contains("Your Waterline is high"))
        #expect(try await cli.run("water").stdout.contains("Water · 8 oz"))
        #expect(try await cli.run("drink", "--std", "0.5").status == 0)

        let status = try await cli.run("status")
        #expect(status.stdout.contains("Waterline +2.5 (above center)"))
        #expect(status.stdout.contains("├─────┤ center"))
        #expect(status.stdout.contains("← warning"))
        #expect(status.stdout.contains("Drinks 3 (3.5 std) · Water 1"))
        #expect(status.stdout.contains("Water due now"))
        #expect(status.stdout.contains("Next reminder: "))
        #expect(status.stdout.contains("Drink water to return to center"))

        let json = try #require(try await cli.json("status", "--json") as? [String: Any])
        #expect(json["waterlineValue"] as? Double == 2.5)
        #expect(json["alcoholCountSinceLastWater"] as? Int == 1)
        #expect(json["totalAlcoholCount"] as? Int == 3)
        #expect(json["totalWaterCount"] as? Int == 1)
        #expect(json["totalStandardDrinks"] as? Double == 3.5)
        #expect(json["isWarning"] as? Bool == true)

        let log = try await cli.run("log")
        #expect(log.stdout.split(separator: "\n").count == 4)

        let end = try await cli.run("end")
        #expect(end.stdout.contains("Session ended."))
        #expect(end.stdout.contains("Drinks:     3 (3.5 standard)"))
        let summary = try #require(try await cli.json("summary", "--json") as? [String: Any])
        #expect(summary["totalAlcoholCount"] as? Int == 3)
        #expect(summary["totalWaterCount"] as? Int == 1)
        #expect(summary["durationSeconds"] is Double)
        // N = 1: the first drink's break was missed by the double; the last drink's was still
        // open when the session ended, which counts neither way.
        #expect(summary["breaksDue"] as? Int == 1)
        #expect(summary["breaksKept"] as? Int == 0)
        #expect(summary["adherence"] as? Double == 0)
        #expect(try await cli.run("log").stdout.split(separator: "\n").count == 4, "ending keeps the logs")

        let sessions = try #require(try await cli.json("sessions", "--json") as? [[String: Any]])
        #expect(sessions.count == 1)
        let csv = try await cli.run("export", "--format", "csv")
        #expect(csv.stdout.hasPrefix("id,timestamp,type,"))
        #expect(csv.stdout.split(separator: "\n").count == 5)
        let export = try #require(try await cli.json("export", "--format", "json") as? [String: Any])
        #expect((export["logs"] as? [Any])?.count == 4)
    }

    @Test("the five default presets exist after the first run; presets can be added, edited and deleted")
    func presets() async throws {
        let cli = CLI()
        let list = try await cli.run("presets")
        for name in ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"] { #expect(list.stdout.contains(name)) }
        let added = try await cli.run("presets", "add", "--name", "IPA", "--type", "beer", "--size", "16", "--abv", "7")
        #expect(added.stdout.contains("Added IPA: 1.9 std"), "\(added.stdout)\(added.stderr)")
        #expect(try await cli.run("presets", "edit", "ipa", "--std", "2").stdout.contains("Saved IPA: 2 std"))
        _ = try await cli.run("start")
        #expect(try await cli.run("drink", "--preset", "IPA").stdout.contains("2 std"))
        #expect(try await cli.run("presets", "delete", "IPA").status == 0)
        #expect(!(try await cli.run("presets").stdout.contains("IPA")))
        #expect(try await cli.run("log").stdout.contains("Beer · 16 oz · 2 std"), "a deleted preset's drinks keep their details")
    }

    @Test("settings change and persist")
    func settings() async throws {
        let cli = CLI()
        let changed = try await cli.run("settings", "--every", "2", "--threshold", "3", "--interval", "30", "--water-oz", "12", "--units", "ml", "--discreet", "off", "--reminders", "off")
        #expect(changed.status == 0, "\(changed.stderr)")
        let json = try #require(try await cli.json("settings", "--json") as? [String: Any])
        #expect(json["waterEveryNDrinks"] as? Int == 2)
        #expect(json["warningThreshold"] as? Int == 3)
        #expect(json["timeReminderIntervalMinutes"] as? Int == 30)
        #expect(json["defaultWaterAmountOz"] as? Int == 12)
        #expect(json["units"] as? String == "ml")
        #expect(json["discreetNotifications"] as? Bool == false)
        #expect(json["timeRemindersEnabled"] as? Bool == false)
        #expect(try await cli.run("settings").stdout.contains("355 ml"))

        // Quiet reminders and hidden counts, and a bad time refused with nothing changed.
        let quiet = try await cli.run("settings", "--reminder-style", "haptic", "--reminders-end", "01:30", "--hide-counts", "on")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout.contains("No reminders after: 01:30") && quiet.stdout.contains("Reminder style:     haptic"))
        let bad = try await cli.run("settings", "--reminders-end", "25:00", "--every", "5")
        #expect(bad.status != 0 && bad.stderr.contains("--reminders-end takes a time of night as HH:MM"))
        let kept = try #require(try await cli.json("settings", "--json") as? [String: Any])
        #expect(kept["remindersEndMinute"] as? Int == 90 && kept["remindersEndEnabled"] as? Bool == true)
        #expect(kept["reminderStyle"] as? String == "haptic" && kept["hideLockScreenCounts"] as? Bool == true)
        #expect(kept["waterEveryNDrinks"] as? Int == 2, "the refused call changed nothing")
    }

    @Test("a plan for the session: start --plan, status, plan N and off, the summary")
    func plan() async throws {
        let cli = CLI()
        let refused = try await cli.run("start", "--plan", "31")
        #expect(refused.status != 0 && refused.stderr.contains("--plan takes 1 to 30"))
        let start = try await cli.run("start", "--plan", "2")
        #expect(start.stdout.contains("0 of 2 planned"), "\(start.stdout)\(start.stderr)")
        _ = try await cli.run("drink", "--type", "liquor", "--size", "double")
        #expect(try await cli.run("status").stdout.contains("2 of 2 planned"))
        let status = try #require(try await cli.json("status", "--json") as? [String: Any])
        #expect(status["plannedDrinks"] as? Int == 2)
        #expect(try await cli.run("plan", "3").stdout.contains("2 of 3 planned"))
        #expect(try await cli.run("plan", "off").stdout.contains("No plan tonight"))
        #expect(try await cli.run("plan", "0").status != 0)
        _ = try await cli.run("plan", "4")
        let summary = try await cli.run("end")
        #expect(summary.stdout.contains("Plan:       Planned 4 · had 2"), "\(summary.stdout)")
    }

    @Test("edit and delete recompute; undo removes the newest log within five minutes only")
    func corrections() async throws {
        let evening = Date(timeIntervalSince1970: 1_795_291_200)
        var cli = CLI(now: evening)
        _ = try await cli.run("start")
        _ = try await cli.run("drink")
        let water = try await cli.run("water")
        let waterId = try #require(water.stdout.firstMatch(of: /\[([0-9a-f]{8})\]/)?.1)
        let drink = try await cli.run("drink")
        let drinkId = try #require(drink.stdout.firstMatch(of: /\[([0-9a-f]{8})\]/)?.1)

        let edited = try await cli.run("edit", String(drinkId), "--std", "3")
        #expect(edited.stdout.contains("Waterline +3"), "\(edited.stdout)\(edited.stderr)")
        let deleted = try await cli.run("delete", String(waterId))
        #expect(deleted.stdout.contains("Waterline +4 · Drinks 2 · Water 0"))

        cli.now = evening.addingTimeInterval(4 * 60)
        #expect(try await cli.run("undo").stdout.contains("Undid Beer"))
        cli.now = evening.addingTimeInterval(10 * 60)
        let late = try await cli.run("undo")
        #expect(late.status != 0)
        #expect(late.stderr.contains("undo works for 5 min"))
    }

    @Test("remind: Enter logs water, q quits and leaves the session running")
    func remind() async throws {
        let cli = CLI()
        _ = try await cli.run("start")
        _ = try await cli.run("drink")
        let remind = try await cli.run(["remind"], input: "\nq\n")
        #expect(remind.status == 0, "\(remind.stderr)")
        #expect(remind.stdout.contains("Logged Water · 8 oz"))
        #expect(remind.stdout.contains("Stopped reminding"))
        #expect(try await cli.run("status").stdout.contains("Water 1"))
    }
}
