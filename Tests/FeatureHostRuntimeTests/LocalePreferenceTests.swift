import FeatureHostCore
import FeatureHostRuntime
import Foundation
import Testing

/// The one resolution every command and surface uses: environment, then config, then flags.
@Suite struct LocalePreferenceTests {
    let oslo = TimeZone(identifier: "Europe/Oslo")!
    let utc = TimeZone(identifier: "UTC")!

    func resolve(
        _ environment: [String: String], config: HostConfig.LocaleSettings = .init(), flags: LocalePreference.Flags = .init()
    ) -> LocalePreference {
        LocalePreference.resolve(environment: environment, config: config, flags: flags, systemTimeZone: utc)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var locale: String
        var reason: String
        var testDescription: String { "\(environment) → \(locale)" }
    }

    @Test(arguments: [
        Row(environment: [:], locale: "en_US", reason: "no LC_ALL, LC_TIME, LC_MESSAGES, LC_MONETARY or LANG; en_US conventions"),
        Row(environment: ["LANG": "de_DE.UTF-8"], locale: "de_DE", reason: "LANG=de_DE.UTF-8"),
        Row(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"], locale: "de_DE", reason: "LC_ALL=de_DE.UTF-8"),
        Row(environment: ["LC_TIME": "nb_NO.UTF-8", "LANG": "en_GB.UTF-8"], locale: "nb_NO", reason: "LC_TIME=nb_NO.UTF-8"),
        Row(environment: ["LC_MESSAGES": "fr_FR", "LC_MONETARY": "de_DE", "LANG": "en_GB"], locale: "fr_FR", reason: "LC_MESSAGES=fr_FR"),
        Row(environment: ["LC_MONETARY": "de_DE.UTF-8@euro", "LANG": "en_GB"], locale: "de_DE", reason: "LC_MONETARY=de_DE.UTF-8@euro"),
        Row(environment: ["LC_ALL": "", "LANG": "de_DE.UTF-8"], locale: "de_DE", reason: "LANG=de_DE.UTF-8"),
        Row(environment: ["LANG": "C.UTF-8"], locale: "en_US", reason: "LANG=C.UTF-8 states no preference; en_US conventions"),
        Row(environment: ["LANG": "POSIX"], locale: "en_US", reason: "LANG=POSIX states no preference; en_US conventions"),
        // POSIX: a set LC_ALL decides, even when it says C.
        Row(
            environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], locale: "en_US", reason: "LC_ALL=C states no preference; en_US conventions"
        ),
        Row(environment: ["LANG": "xx_YY.UTF-8"], locale: "en_US", reason: "LANG=xx_YY.UTF-8 is not a known locale; en_US conventions"),
        Row(environment: ["LANG": "de"], locale: "de", reason: "LANG=de"),
    ])
    func environmentRow(_ row: Row) {
        let choice = resolve(row.environment)
        #expect(choice.locale.identifier == row.locale)
        #expect(choice.localeReason == row.reason)
    }

    @Test func configWinsOverTheEnvironmentAndFlagsOverBoth() {
        let environment = ["LC_ALL": "de_DE.UTF-8"]
        let config = HostConfig.LocaleSettings(locale: "nb_NO", hourCycle: .twelveHour)
        let fromConfig = resolve(environment, config: config)
        #expect(fromConfig.locale.identifier == "nb_NO")
        #expect(fromConfig.localeReason == "config locale nb_NO")
        #expect(fromConfig.hourCycle == .twelveHour)
        #expect(fromConfig.hourCycleReason == "config hourCycle 12")
        let fromFlags = resolve(
            environment, config: config, flags: .init(locale: Locale(identifier: "en_GB"), hourCycle: .twentyFourHour, timeZone: oslo))
        #expect(fromFlags.locale.identifier == "en_GB")
        #expect(fromFlags.localeReason == "--locale en_GB")
        #expect(fromFlags.hourCycle == .twentyFourHour)
        #expect(fromFlags.hourCycleReason == "--hour-cycle 24")
        #expect(fromFlags.timeZone == oslo)
        #expect(fromFlags.timeZoneReason == "--time-zone Europe/Oslo")
    }

    @Test(arguments: [("en_US", HourCycle.twelveHour), ("de_DE", .twentyFourHour), ("en_GB", .twentyFourHour), ("nb_NO", .twentyFourHour)])
    func theHourCycleFollowsTheLocale(identifier: String, cycle: HourCycle) {
        let choice = resolve(["LANG": "\(identifier).UTF-8"])
        #expect(choice.hourCycle == cycle)
        #expect(choice.hourCycleReason == "the default of \(identifier)")
    }

    @Test(arguments: [
        (["TZ": "Europe/Oslo"], "Europe/Oslo", "TZ=Europe/Oslo"),
        (["TZ": ":Europe/Oslo"], "Europe/Oslo", "TZ=:Europe/Oslo"),
        (["TZ": "Mars/Base"], "UTC", "the system time zone"),
        ([:], "UTC", "the system time zone"),
    ])
    func theTimeZone(environment: [String: String], zone: String, reason: String) {
        let choice = resolve(environment)
        #expect(choice.timeZone == TimeZone(identifier: zone))
        #expect(choice.timeZoneReason == reason)
    }

    /// The conventions the specs' examples are written in, with no preference at all.
    @Test func noPreferenceGivesTheSpecsConventions() {
        let locale = resolve([:]).locale
        let money = NumberFormatter()
        money.numberStyle = .currency
        money.locale = locale
        money.currencyCode = "USD"
        #expect(money.string(from: 472.08) == "$472.08")
        let date = DateFormatter()
        date.locale = locale
        date.timeZone = utc
        date.setLocalizedDateFormatFromTemplate("MMMdy")
        #expect(date.string(from: Date(timeIntervalSince1970: 1_619_308_800)) == "Apr 25, 2021")
    }

    @Test func theSummaryNamesEachChoiceAndWhy() {
        #expect(
            resolve(["LC_ALL": "de_DE.UTF-8", "TZ": "Europe/Oslo"]).summary == [
                "locale      de_DE  (LC_ALL=de_DE.UTF-8)",
                "hour cycle  24-hour  (the default of de_DE)",
                "time zone   Europe/Oslo  (TZ=Europe/Oslo)",
            ])
    }

    /// The system zone is the zone `/etc/localtime` links into `zoneinfo`, as Foundation reads it; anything else is
    /// Foundation's own answer.
    @Test func theSystemZoneIsTheZoneTheLocaltimeLinkNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("localtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func link(_ name: String, to target: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            return path
        }
        #expect(LocalePreference.systemTimeZone(link: try link("oslo", to: "/usr/share/zoneinfo/Europe/Oslo")) == oslo)
        #expect(LocalePreference.systemTimeZone(link: try link("relative", to: "../usr/share/zoneinfo/Europe/Oslo")) == oslo)
        for fallback in [
            try link("unknown", to: "/usr/share/zoneinfo/Nowhere/Atlantis"), try link("elsewhere", to: "/tmp/Europe/Oslo"),
            folder.appendingPathComponent("missing").path,
        ] {
            #expect(LocalePreference.systemTimeZone(link: fallback) == TimeZone.current, "\(fallback)")
        }
        let file = folder.appendingPathComponent("file")
        try Data("TZif".utf8).write(to: file)
        #expect(LocalePreference.systemTimeZone(link: file.path) == TimeZone.current)
    }
}
