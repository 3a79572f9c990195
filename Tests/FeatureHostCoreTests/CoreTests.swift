import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct FeatureIDTests {
    @Test(arguments: [
        ("offer-countdown", true), ("chats", true), ("car-news2", true), ("Chats", false), ("car--news", false),
        ("-car", false), ("car-", false), ("2cars", false), ("car_news", false), ("", false),
    ])
    func kebabCase(id: String, valid: Bool) {
        #expect(FeatureID(id).isKebabCase == valid)
    }
}

@Suite struct FeatureSettingsTests {
    let settings = FeatureSettings(["duration": .number(60), "name": .string("x"), "flag": .bool(true)], owner: "settings of \"demo\"")

    @Test func readsTypedValuesAndDefaults() throws {
        #expect(try settings.number("duration", default: 1) == 60)
        #expect(try settings.number("missing", default: 7) == 7)
        #expect(try settings.string("name", default: "") == "x")
        #expect(try settings.bool("flag", default: false))
    }

    @Test func wrongTypeNamesTheKey() {
        #expect(throws: FeatureError("settings of \"demo\": \"name\" must be a number, found a string \"x\".")) {
            try settings.number("name", default: 0)
        }
        #expect(throws: FeatureError("settings of \"demo\": \"duration\" must be between 1 and 10, found 60.")) {
            try settings.number("duration", default: 0, in: 1...10)
        }
    }

    /// Reading through a declaration refuses exactly the values the declaration's check (what `validate` runs)
    /// refuses, so validation and start cannot disagree.
    @Test(arguments: [
        (
            SettingType.number(1...10), [SettingValue.number(1), .number(10), .number(5.5)],
            [SettingValue.number(0), .number(10.5), .string("5"), .bool(true), .null]
        ),
        (.bool, [.bool(true), .bool(false)], [.number(1), .string("yes"), .null]),
        (.string, [.string(""), .string("x")], [.number(1), .array([]), .null]),
        (.nonEmptyString, [.string("x"), .string(" Ada ")], [.string(""), .string("   "), .string("\t\n"), .number(1), .null]),
        (.choice(["wave", "bow"]), [.string("wave"), .string("bow")], [.string("Wave"), .string(""), .string("nod"), .bool(true)]),
        (
            .currencyCode, [.string("USD"), .string("eur"), .string("JPY")],
            [.string("XYZ"), .string("US"), .string("dollars"), .number(840)]
        ),
        (.any, [.number(1), .string("x"), .null], []),
    ])
    func aDeclarationAndTheReadAgree(type: SettingType, allowed: [SettingValue], refused: [SettingValue]) {
        for value in allowed + refused {
            let declaration = SettingDeclaration("k", type: type, default: value, summary: "")
            let read = Result { try FeatureSettings(["k": value]).value(declaration) }
            #expect((declaration.problem(with: value) == nil) == allowed.contains(value), "\(value)")
            #expect((try? read.get()) != nil ? allowed.contains(value) : refused.contains(value), "\(value)")
        }
    }

    @Test func aDeclarationSuppliesTheDefault() throws {
        let speed = SettingDeclaration("speed", type: .number(0...10), default: .number(3), summary: "How fast.")
        #expect(try FeatureSettings().number(speed) == 3)
        #expect(try FeatureSettings(["speed": .number(4)]).number(speed) == 4)
        #expect(throws: FeatureError(#"settings: "speed" must be a number, found a string "1h"."#)) {
            try FeatureSettings(["speed": .string("1h")]).number(speed)
        }
        #expect(SettingType.number(1...8_639_999).allowed == "a number from 1 to 8639999")
    }

    /// The words a person reads when a choice or a non-empty string is wrong: the same from `validate` and from
    /// the feature.
    @Test func choicesAndNonEmptyStringsSayWhatIsAllowed() {
        let style = SettingDeclaration("style", type: .choice(["wave", "bow"]), default: .string("wave"), summary: "How.")
        #expect(throws: FeatureError(#"settings of "greeting": "style" must be one of "wave", "bow", found "nod"."#)) {
            try FeatureSettings(["style": .string("nod")], owner: #"settings of "greeting""#).string(style)
        }
        let name = SettingDeclaration("name", type: .nonEmptyString, default: .string("world"), summary: "Who.")
        #expect(throws: FeatureError(#"settings of "greeting": "name" must be a string that is not empty or only spaces, found " "."#)) {
            try FeatureSettings(["name": .string(" ")], owner: #"settings of "greeting""#).string(name)
        }
        #expect(throws: FeatureError(#"settings of "greeting": "name" must be a string, found a number 3."#)) {
            try FeatureSettings(["name": .number(3)], owner: #"settings of "greeting""#).string(name)
        }
    }
}

@Suite struct MonotonicTimelineTests {
    @Test @MainActor func measuresElapsedTimeAndSleepsToAbsoluteDeadlines() async throws {
        let clock = TestClock()
        let timeline = MonotonicTimeline(clock: clock)
        #expect(timeline.now == .zero)
        var woke: [Duration] = []
        let task = Task { @MainActor in
            for second in 1...3 {
                try await timeline.sleep(until: .seconds(second))
                woke.append(timeline.now)
            }
        }
        await clock.advance(by: .milliseconds(2500))
        #expect(woke == [.seconds(1), .seconds(2)])
        await clock.advance(by: .seconds(1))
        #expect(woke == [.seconds(1), .seconds(2), .seconds(3)])
        try await task.value
    }

    @Test @MainActor func aSelfRearmingTimerSeesEveryTickOfALongAdvance() async {
        // Even one yield after each wake-up is enough: `advance` waits until each woken task runs again.
        let clock = TestClock(settleYields: 1)
        let timeline = MonotonicTimeline(clock: clock)
        var ticks: [Duration] = []
        let task = Task { @MainActor in
            var next = Duration.seconds(1)
            while true {
                do { try await timeline.sleep(until: next) } catch { return }
                ticks.append(timeline.now)
                next += .seconds(1)
            }
        }
        await clock.settle()
        await clock.advance(by: .seconds(3600))
        #expect(ticks.count == 3600)
        #expect(ticks.last == .seconds(3600))
        let late = ticks.enumerated().filter { $0.element != .seconds($0.offset + 1) }
        #expect(
            late.isEmpty, "every tick, in order, at its own instant; late: \(late.prefix(3).map { "\($0.offset + 1)s at \($0.element)" })")
        task.cancel()
    }

    @Test @MainActor func sleepersWakeInDeadlineOrder() async {
        let clock = TestClock()
        var order: [String] = []
        let late = Task { @MainActor in
            try? await clock.sleep(for: .seconds(5))
            order.append("late")
        }
        let early = Task { @MainActor in
            try? await clock.sleep(for: .seconds(2))
            order.append("early")
        }
        await clock.settle()
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(10))
        await late.value
        await early.value
        #expect(order == ["early", "late"])
    }

    @Test @MainActor func cancellingASleeperThrows() async {
        let clock = TestClock()
        let task = Task { @MainActor () -> Bool in
            do {
                try await clock.sleep(for: .seconds(1))
                return false
            } catch {
                return error is CancellationError
            }
        }
        await clock.settle()
        task.cancel()
        #expect(await task.value)
        #expect(clock.sleeperCount == 0)
    }
}

@Suite struct HTTPErrorTests {
    @Test func messagesNameWhatHappened() throws {
        let url = try #require(URL(string: "https://example.org/a"))
        #expect(HTTPError.status(500, url).description == "The server answered HTTP 500 for https://example.org/a.")
        #expect(HTTPError.timedOut(url, seconds: 15).description == "The request to https://example.org/a timed out after 15 s.")
        #expect(HTTPError.timedOut(url, seconds: 0.5).description == "The request to https://example.org/a timed out after 0.5 s.")
        #expect(
            HTTPError.cannotConnect(url, reason: "the connection was refused").description
                == "Could not connect to example.org: the connection was refused.")
    }
}
