import Foundation
import Testing

@testable import FeatureHostCore

@Suite struct KnownLocaleTableTests {
    /// The table's file as ICU answers today: every identifier it knows, sorted, split by the clock of its `j`
    /// skeleton, wrapped at 120 columns.
    static func identifiersFile() -> String {
        var twelveHour: [String] = []
        var twentyFourHour: [String] = []
        for identifier in Locale.availableIdentifiers.sorted() {
            let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: identifier)) ?? "HH"
            if pattern.contains("a") { twelveHour.append(identifier) } else { twentyFourHour.append(identifier) }
        }
        func literal(_ name: String, _ identifiers: [String], clock: String) -> String {
            var lines: [String] = []
            var line = ""
            for identifier in identifiers {
                if !line.isEmpty, line.count + 1 + identifier.count > 112 {
                    lines.append(line)
                    line = ""
                }
                line += line.isEmpty ? identifier : " " + identifier
            }
            if !line.isEmpty { lines.append(line) }
            var text = "    /// The \(identifiers.count) identifiers whose `j` skeleton is \(clock).\n"
            text += "    static let \(name): StaticString = \"\"\"\n"
            for line in lines { text += "        " + line + "\n" }
            return text + "        \"\"\"\n"
        }
        return "// Written by KnownLocaleTableTests from the toolchain's ICU; not edited by hand.\n"
            + "extension KnownLocaleTable {\n"
            + literal("twelveHourIdentifiers", twelveHour, clock: "12-hour (`h` or `K`)")
            + "\n"
            + literal("twentyFourHourIdentifiers", twentyFourHour, clock: "24-hour (`H` or `k`)")
            + "}\n"
    }

    #if os(Linux)
        @Test func theTableIsWhatTheToolchainsICUSays() throws {
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/FeatureHostCore/KnownLocaleTable+Identifiers.swift")
            let expected = Self.identifiersFile()
            let actual = try String(contentsOf: file, encoding: .utf8)
            if actual != expected {
                let pending = file.appendingPathExtension("new")
                try expected.write(to: pending, atomically: true, encoding: .utf8)
                Issue.record(
                    "\(file.lastPathComponent) is not what ICU says; wrote \(pending.lastPathComponent) beside it (rename it to accept it)")
            }
        }

        @Test func everyLocaleICUKnowsHasItsOwnClock() {
            for identifier in ["en_US", "en_GB", "de_DE", "de", "ja_JP", "ko_KR", "zh_Hant_TW", "ar_EG", "hi_IN", "fr_CA"] {
                let icu = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: identifier)) ?? "HH"
                #expect(KnownLocaleTable.hourCycle(of: identifier) == (icu.contains("a") ? .twelveHour : .twentyFourHour), "\(identifier)")
                #expect(HourCycle.preferred(by: Locale(identifier: identifier)) == KnownLocaleTable.hourCycle(of: identifier))
            }
        }
    #endif

    @Test func whatTheTableDoesNotHoldIsLeftToICU() {
        for identifier in ["", "de-DE", "en_US@hours=h23", "xx_YY", "en_US ", " en_US", "en_US\nde_DE", "e", "en_U"] {
            #expect(KnownLocaleTable.hourCycle(of: identifier) == nil, "\(identifier.debugDescription)")
        }
        #expect(HourCycle.preferred(by: Locale(identifier: "de-DE")) == .twentyFourHour)
    }

    @Test func aWordIsFoundWholeAtEitherEndAndBetweenLines() {
        let list: StaticString = "ak en en_US\nde_DE zh"
        for word in ["ak", "en", "en_US", "de_DE", "zh"] {
            #expect(KnownLocaleTable.holds(word, in: list), "\(word)")
        }
        for word in ["a", "e", "en_", "n_US", "US", "de", "DE", "z", "zh_", "en_US de_DE", ""] {
            #expect(!KnownLocaleTable.holds(word, in: list), "\(word.debugDescription)")
        }
        #expect(!KnownLocaleTable.holds("en", in: ""))
    }
}
