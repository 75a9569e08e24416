import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Every word translatable")
struct LocalizationTests {
    static let catalog = KitCatalog.shipped

    /// The placeholders of a format, in order: "lld" or "@".
    static func placeholders(_ format: String) -> [String] {
        let regex = /%(?:\d+\$)?(lld|@)/
        return format.matches(of: regex).map { String($0.output.1) }
    }

    @Test("the kit's catalog ships with the kit and is read")
    func shipped() {
        #expect(Self.catalog.entries.count == KitStrings.all.count)
    }

    @Test("every kit text is in the catalog, its English as in the code, translated into every language", arguments: KitStrings.all.map(\.key))
    func covered(key: String) throws {
        let text = try #require(KitStrings.all.first { $0.key == key })
        let entries = try #require(Self.catalog.entries[key], "\(key) has no catalog entry")
        if let one = text.one {
            #expect(entries["en"] == .plural(one: one, other: text.other), "\(key): the catalog's English differs from the code")
        } else {
            #expect(entries["en"] == .plain(text.other), "\(key): the catalog's English differs from the code")
        }
        for language in KitLanguage.supported where language != "en" {
            let translation = try #require(entries[language], "\(key) lacks \(language)")
            switch translation {
            case .plain(let value):
                #expect(text.one == nil, "\(key): English has plural forms, \(language) must too")
                #expect(Self.placeholders(value).sorted() == Self.placeholders(text.other).sorted(), "\(key) (\(language)): placeholders differ")
                #expect(!value.isEmpty)
            case .plural(let one, let other):
                #expect(Self.placeholders(other).sorted() == Self.placeholders(text.other).sorted(), "\(key) (\(language)): placeholders differ")
                if let one { #expect(Self.placeholders(one).sorted() == Self.placeholders(text.one ?? text.other).sorted()) }
            }
        }
    }

    @Test("a plan of one drink reads as words, not \"the 1 drink\", in every language")
    func planOfOne() {
        for language in KitLanguage.supported {
            let one = KitText.string(KitStrings.reminderPlanBody, .int(1), language: language)
            #expect(!one.contains("1"), "\(language): \(one)")
            #expect(KitText.string(KitStrings.reminderPlanBody, .int(4), language: language).contains("4"), "\(language): four drinks say 4")
        }
    }

    @Test("no catalog key without a kit text")
    func noStrays() {
        #expect(Set(Self.catalog.entries.keys) == Set(KitStrings.all.map(\.key)))
        #expect(Set(KitStrings.all.map(\.key)).count == KitStrings.all.count, "keys are unique")
    }

    @Test("Spanish with plural forms; a language the kit lacks falls back to English")
    func rendering() {
        #expect(KitText.string(KitStrings.reminderPerDrinkBody, .int(1), language: "es") == "Llevas 1 bebida: hora de agua")
        #expect(KitText.string(KitStrings.reminderPerDrinkBody, .int(3), language: "es") == "Llevas 3 bebidas: hora de agua")
        #expect(KitText.string(KitStrings.reminderPerDrinkBody, .int(1), language: "en") == "You've had 1 drink — time for water")
        #expect(KitText.string(KitStrings.reminderCounts, .int(2), .int(1), .text("1.5"), language: "es") == "Bebidas 2 · Agua 1 · Waterline 1.5")
        #expect(KitText.string(KitStrings.waterDueIn, .int(2), language: "it") == "Water due in: 2 drinks")
    }

    @Test("French, German and Brazilian Portuguese, each with its own plural rule (0 is singular in French and Portuguese)")
    func moreLanguages() {
        #expect(KitText.string(KitStrings.drinkCount, .int(0), language: "fr") == "0 boisson")
        #expect(KitText.string(KitStrings.drinkCount, .int(2), language: "fr") == "2 boissons")
        #expect(KitText.string(KitStrings.drinkCount, .int(0), language: "de") == "0 Getränke")
        #expect(KitText.string(KitStrings.drinkCount, .int(1), language: "de") == "1 Getränk")
        #expect(KitText.string(KitStrings.drinkCount, .int(0), language: "pt-BR") == "0 bebida")
        #expect(KitText.string(KitStrings.waterDueIn, .int(3), language: "pt-BR") == "Água em: 3 bebidas")
        #expect(KitText.string(KitStrings.reminderTimeTitle, language: "de") == "Zeit für Wasser")
        #expect(KitText.string(KitStrings.widgetCounts, .int(2), .int(1), language: "fr") == "Boissons 2 · Eau 1")
        #expect(KitText.string(KitStrings.planProgress, .text("2"), .int(4), language: "pt-BR") == "2 de 4 planejadas")
        #expect(DrinkCatalog.defaultPresets(userId: UUID()).map { DrinkCatalog.shownName(of: $0, language: "de") }.contains("Glas Wein"))
    }

    @Test("a refusal on a screen names the value to check in words, not the wire's field name")
    func validationOnScreens() {
        #expect(ValidationError.missing(field: "name").screenMessage == "Please check the name.")
        #expect(ValidationError.outOfRange(field: "alcoholMeta.sizeOz", value: 99, allowed: "at most 64").screenMessage == "Please check the size.")
        #expect(ValidationError.unexpected(field: "computedSummary", reason: "x").screenMessage == "Please check this value.")
        #expect(ScreenMessage.describe(SessionServiceError.invalid(.missing(field: "warningThreshold"))) == "Please check the warning level (1 to 20).")
        #expect(KitText.string(KitStrings.validationCheck, .text(KitText.string(KitStrings.fieldSize, language: "es")), language: "es") == "Revisa el tamaño.")
        // The wire keeps the exact words.
        #expect(ValidationError.missing(field: "name").description == "name is required")
    }

    @Test("placeholders by position, percent signs, and missing arguments")
    func substitution() {
        #expect(KitText.substitute("%2$@ before %1$@", [.text("a"), .text("b")]) == "b before a")
        #expect(KitText.substitute("%lld%% done", [.int(40)]) == "40% done")
        #expect(KitText.substitute("%@ and %@", [.text("one")]) == "one and ")
        #expect(KitText.substitute("100 %", []) == "100 %")
        #expect(KitText.substitute("¡%@ más! %1$@ → %2$lld 🥤%%", [.text("Agua"), .int(3)]) == "¡Agua más! Agua → 3 🥤%", "words around the marks, in any script, are kept whole")
        #expect(KitText.substitute("%12 and %l and %", [.int(1)]) == "%12 and %l and %", "a mark that is no placeholder stays as written")
    }

    @Test("the app's preferred languages pick the kit's language")
    func languageChoice() {
        #expect(KitLanguage.match(preferredLanguages: ["es-MX", "en-US"]) == "es")
        #expect(KitLanguage.match(preferredLanguages: ["fr-FR", "es"]) == "fr")
        #expect(KitLanguage.match(preferredLanguages: ["de"]) == "de")
        #expect(KitLanguage.match(preferredLanguages: ["pt-PT", "en"]) == "pt-BR", "Portuguese is the Brazilian one")
        #expect(KitLanguage.match(preferredLanguages: ["it-IT", "de-AT"]) == "de")
        #expect(KitLanguage.match(preferredLanguages: ["ja"]) == "en")
        #expect(KitLanguage.match(preferredLanguages: []) == "en")
        #expect(KitLanguage.current == "en", "tests and the command line speak English")
    }
}

@Suite("Preset chips")
struct PresetChipTests {
    @Test("a chip shows the preset's name and its standard-drink estimate, and says both to VoiceOver")
    func chip() {
        let preset = DrinkPreset(id: UUID(), userId: UUID(), name: "IPA", drinkType: .beer, sizeOz: 16, abv: 7, standardDrinkEstimate: 1.87, sortOrder: 0, updatedAt: Fixed.start)
        #expect(preset.chipTitle == "IPA · 1.9 std")
        #expect(preset.chipAccessibilityLabel == "IPA, standard drinks: 1.9")
        #expect(KitText.string(KitStrings.presetChip, .text("IPA"), .text("1.9"), language: "es") == "IPA · 1.9 est.")
    }

    @Test("numbers read in the person's language beside the Waterline: volumes, adherence, a drink's weight, with the plural it needs")
    func numbersInTheLanguage() {
        let spanish = Locale(identifier: "es_ES")
        #expect(VolumeConversion.format(ounces: 1.5, in: .oz, locale: spanish) == "1,5 oz")
        #expect(VolumeConversion.format(ounces: 1.5, in: .oz, locale: Locale(identifier: "en_US")) == "1.5 oz")
        #expect(VolumeConversion.format(ounces: 8, in: .oz, locale: spanish) == "8 oz")
        let half = PacingAdherence(breaksDue: 2, breaksKept: 1)
        #expect(half.displayText(locale: Locale(identifier: "en_US")) == "50%")
        #expect(half.displayText(locale: spanish) == "50\u{a0}%")
        #expect(PacingAdherence().displayText(locale: spanish) == "—")
        #expect(StandardDrinkText.countsAs(1) == "Counts as 1 standard drink")
        #expect(StandardDrinkText.countsAs(2) == "Counts as 2 standard drinks")
        #expect(StandardDrinkText.countsAs(1.5, locale: Locale(identifier: "en_US")) == "Counts as 1.5 standard drinks")
        #expect(StandardDrinkText.countsAs(0.999) == "Counts as 1 standard drink", "what is shown as 1 is said as one")
        #expect(KitText.string(KitStrings.countsAsStandardDrinks, .text("1,5"), language: "es") == "Cuenta como 1,5 bebidas estándar")
        #expect(KitText.string(KitStrings.countsAsOneStandardDrink, language: "es") == "Cuenta como 1 bebida estándar")
    }
}
