import Foundation
import OfferCountdownFeature
import Testing
import WebUI

@testable import OfferCountdownWeb

@Suite("Web assets")
struct OfferCountdownWebAssetTests {
    func text(of name: String) throws -> String {
        guard case .success(let bytes)? = OfferCountdownFeature.webAssets.file(named: name)?.contents else {
            throw AssetMissing(name: name)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct AssetMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not among the offer's web assets" }
    }

    /// The selectors of the stylesheet's rules, without comments, at-rules and keyframe steps.
    func selectors(in css: String) -> [String] {
        var source = css
        while let start = source.range(of: "/*"), let end = source.range(of: "*/", range: start.upperBound..<source.endIndex) {
            source.removeSubrange(start.lowerBound..<end.upperBound)
        }
        var result: [String] = []
        var prelude = ""
        for character in source {
            switch character {
            case "{":
                let trimmed = prelude.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.hasPrefix("@"), !["from", "to"].contains(trimmed), !trimmed.hasSuffix("%") {
                    result += splitList(trimmed)
                }
                prelude = ""
            case "}", ";":
                prelude = ""
            default:
                prelude.append(character)
            }
        }
        return result
    }

    /// `a, b:where(c, d)` → `a`, `b:where(c, d)`: commas inside parentheses stay.
    func splitList(_ list: String) -> [String] {
        var parts = [""]
        var depth = 0
        for character in list {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append("")
                continue
            default: break
            }
            parts[parts.count - 1].append(character)
        }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test("every rule of the stylesheet is scoped under .offer")
    func scoped() throws {
        let selectors = selectors(in: try text(of: "offer-countdown.css"))
        #expect(selectors.count > 40)
        for selector in selectors {
            #expect(selector.hasPrefix(".offer") || selector.hasPrefix(":where(.offer)"), "\(selector)")
        }
    }

    @Test("the stylesheet has the roll, reduced motion, dark colours, the portrait switch and the spec's gradient")
    func stylesheetParts() throws {
        let css = try text(of: "offer-countdown.css")
        for part in [
            "@keyframes offer-roll", "var(--roll, 350ms)", "@media (prefers-reduced-motion: reduce)",
            "@media (prefers-color-scheme: dark)", "@media (aspect-ratio < 1)", "--blue: rgb(65, 69, 152)",
            "--pink: rgb(234, 72, 187)", "linear-gradient(90deg, var(--from), var(--to))", "text-shadow:", "min-height: 100dvh",
        ] {
            #expect(css.contains(part), "\(part)")
        }
    }

    @Test("the artwork is an SVG of ours with the offer's gradient")
    func artwork() throws {
        let svg = try text(of: "artwork.svg")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("rgb(65,69,152)") && svg.contains("rgb(234,72,187)"))
        #expect(!svg.contains("<script") && !svg.contains("href=\"http"))
    }
}

@Suite("Digit roll memory")
struct DigitRollMemoryTests {
    @Test("a roll is kept until its position changes again; a change without a roll, the roll off, forgets it")
    func keepsAndForgets() {
        var memory = DigitRollMemory()
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(5)], rolls: false) == [nil, nil])
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(4, roll: DigitRoll(from: 5, progress: 0))], rolls: false) == [nil, 5])
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(4, roll: DigitRoll(from: 5, progress: 0.5))], rolls: false) == [nil, 5])
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(4)], rolls: false) == [nil, 5])
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(4)], rolls: false) == [nil, 5])
        #expect(memory.rolledFrom([RollingDigit(4), RollingDigit(3)], rolls: false) == [nil, nil])
    }

    @Test("a roll whose frames were merged into one render rolls from the digit the last render showed")
    func mergedIntoOneRender() {
        var memory = DigitRollMemory()
        #expect(memory.rolledFrom([RollingDigit(1), RollingDigit(0)], rolls: true) == [nil, nil])
        // The next render sees only the settled digits: 1 0 → 0 9.
        #expect(memory.rolledFrom([RollingDigit(0), RollingDigit(9)], rolls: true) == [1, 0])
        #expect(memory.rolledFrom([RollingDigit(0), RollingDigit(9)], rolls: true) == [1, 0], "idempotent")
        #expect(memory.rolledFrom([RollingDigit(0), RollingDigit(8, roll: DigitRoll(from: 9, progress: 0))], rolls: true) == [1, 9])
    }
}
