import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostTesting
import Foundation
import Testing

@Suite struct WireTests {
    @Test func aManifestRoundTripsThroughJSON() throws {
        let manifest = FeatureManifest(
            id: "greeting", title: "Greeting", summary: "Says hello.", acceptedSources: [.jsonFile, .http],
            defaultSource: .http(URL(string: "https://example.org/hello") ?? URL(fileURLWithPath: "/"), timeout: 5, cache: false),
            settings: [
                SettingDeclaration("name", type: .string, default: .string("world"), summary: "Who is greeted."),
                SettingDeclaration("speed", type: .number(0.5...4), default: .number(1), summary: "How fast."),
                SettingDeclaration("currency", type: .currencyCode, default: .string("EUR"), summary: "Money."),
                SettingDeclaration("loud", type: .bool, default: .bool(true), summary: "Shout."),
                SettingDeclaration("who", type: .nonEmptyString, default: .string("you"), summary: "Not blank."),
                SettingDeclaration("style", type: .choice(["wave", "bow"]), default: .string("bow"), summary: "How."),
            ],
            bundledSamples: [.jsonFile])
        let decoded = try ManifestWire.decode(ManifestWire(manifest).encoded()).manifest()
        #expect(decoded.id == manifest.id)
        #expect(decoded.title == manifest.title)
        #expect(decoded.summary == manifest.summary)
        #expect(decoded.acceptedSources == manifest.acceptedSources)
        #expect(decoded.defaultSource == manifest.defaultSource)
        #expect(decoded.settings == manifest.settings)
        #expect(decoded.bundledSamples == [.jsonFile])
    }

    /// A choice needs its choices, at most `SettingWire.maximumChoices` of them, and a default among them.
    @Test func aChoiceIsCheckedAsItArrives() throws {
        func manifest(_ setting: String) throws -> FeatureManifest {
            try ManifestWire.decode(Array(#"{"id":"x","title":"X","summary":"","settings":[\#(setting)]}"#.utf8)).manifest()
        }
        #expect(throws: FeatureError(#"the setting "s" is a choice with no choices."#)) {
            try manifest(#"{"key":"s","type":"choice","default":"a"}"#)
        }
        #expect(throws: FeatureError(#"the setting "s" has the default "c", which is not one of "a", "b"."#)) {
            try manifest(#"{"key":"s","type":"choice","choices":["a","b"],"default":"c"}"#)
        }
        let many = (0...SettingWire.maximumChoices).map { #""c\#($0)""# }.joined(separator: ",")
        #expect(throws: FeatureError(#"the setting "s" has 257 choices; at most 256 are allowed."#)) {
            try manifest(#"{"key":"s","type":"choice","choices":[\#(many)],"default":"c0"}"#)
        }
        let atTheLimit = (1...SettingWire.maximumChoices).map { #""c\#($0)""# }.joined(separator: ",")
        #expect(try manifest(#"{"key":"s","type":"choice","choices":[\#(atTheLimit)],"default":"c1"}"#).settings.count == 1)
    }

    /// A web-only plugin says it has no terminal scene; every other manifest leaves the key out, so its bytes are as
    /// before and a manifest without the key (every older plugin's) has one.
    @Test func aWebOnlyPluginSaysSoAndOthersKeepTheirBytes() throws {
        let manifest = FeatureManifest(id: "web-only", title: "Web only", summary: "")
        let webOnly = ManifestWire(manifest, hasTerminalScene: false).encoded()
        #expect(String(decoding: webOnly, as: UTF8.self).contains(#""terminal":false"#))
        #expect(try ManifestWire.decode(webOnly).hasTerminalScene == false)
        let both = ManifestWire(manifest).encoded()
        #expect(!String(decoding: both, as: UTF8.self).contains("terminal"))
        #expect(try ManifestWire.decode(both).hasTerminalScene)
    }

    /// A plugin built before settings had types sends plain keys: they are read, unchecked, and every kind it
    /// accepts is trusted to have a sample.
    @Test func theOldPlainKeyFormIsStillRead() throws {
        let bytes = Array(#"{"id":"x","title":"X","summary":"","acceptedSources":["plist"],"settingsKeys":["name"]}"#.utf8)
        let manifest = try ManifestWire.decode(bytes).manifest()
        #expect(manifest.settings == [SettingDeclaration("name", type: .any, default: .null, summary: "")])
        #expect(manifest.setting("name")?.problem(with: .number(3)) == nil)
        #expect(manifest.bundledSamples == [.plist])
    }

    @Test func aBadSettingDeclarationSaysWhatIsWrong() {
        #expect(
            throws: FeatureError(
                #"the setting "a" has the unknown type "date"; allowed: number, bool, string, non-empty-string, choice, currency-code, any."#
            )
        ) {
            try ManifestWire.decode(Array(#"{"id":"x","title":"X","summary":"","settings":[{"key":"a","type":"date"}]}"#.utf8)).manifest()
        }
        #expect(throws: FeatureError(#"the setting "a" has the default "fast", which is not a number from 0 to 1."#)) {
            try ManifestWire.decode(
                Array(
                    #"{"id":"x","title":"X","summary":"","settings":[{"key":"a","type":"number","minimum":0,"maximum":1,"default":"fast"}]}"#
                        .utf8)
            ).manifest()
        }
    }

    @Test func aMinimalManifestNeedsOnlyIdTitleAndSummary() throws {
        let manifest = try ManifestWire.decode(Array(#"{"id":"x","title":"X","summary":""}"#.utf8)).manifest()
        #expect(manifest.acceptedSources.isEmpty)
        #expect(manifest.defaultSource == nil)
    }

    @Test func badManifestsSayWhatIsWrong() {
        #expect(throws: FeatureError("not valid ManifestWire JSON: the key \"title\" is missing.")) {
            try ManifestWire.decode(Array(#"{"id":"x","summary":""}"#.utf8))
        }
        #expect(throws: FeatureError("not valid ManifestWire JSON: line 1, column 2: it ends inside an object; a \"}\" is missing.")) {
            try ManifestWire.decode(Array("{".utf8))
        }
        // Read strictly, as the host reads all JSON from outside: Foundation would keep the second title.
        #expect(
            throws: FeatureError("not valid ManifestWire JSON: line 1, column 23: the key \"title\" appears twice in one object; keep one.")
        ) {
            try ManifestWire.decode(Array(#"{"id":"x","title":"A","title":"B","summary":""}"#.utf8))
        }
        #expect(throws: FeatureError("not valid ManifestWire JSON: line 1, column 35: a trailing comma before \"}\"; remove it.")) {
            try ManifestWire.decode(Array(#"{"id":"x","title":"A","summary":"",}"#.utf8))
        }
        #expect(throws: FeatureError("unknown source kind \"ftp\"; allowed: plist, json-file, http, in-memory.")) {
            try ManifestWire.decode(Array(#"{"id":"x","title":"X","summary":"","acceptedSources":["ftp"]}"#.utf8)).manifest()
        }
    }

    @Test @MainActor func theContextKeepsEverythingThePluginNeeds() throws {
        let host = try TestHost()
        let settings: [String: SettingValue] = [
            "name": .string("Ada"), "count": .number(2.5), "on": .bool(true), "list": .array([.number(1), .string("a")]),
            "nested": .object(["x": .null]),
        ]
        let context = try host.context(
            id: "greeting", source: SourceConfiguration(kind: .jsonFile, path: URL(fileURLWithPath: "/data/hello.json")),
            settings: settings, locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Oslo") ?? .gmt,
            hourCycle: .twelveHour)
        let wire = ContextWire(
            context: context, dataDirectory: URL(fileURLWithPath: "/data"), preferencesFile: URL(fileURLWithPath: "/data/preferences"),
            clock: .manual)
        let decoded = try ContextWire.decode(wire.encoded())
        #expect(decoded == wire)
        #expect(decoded.featureSettings == context.settings)
        #expect(decoded.locale == "de_DE")
        #expect(decoded.resolvedTimeZone.identifier == "Europe/Oslo")
        #expect(decoded.resolvedHourCycle == .twelveHour)
        #expect(try decoded.source?.configuration() == context.source)
        #expect(decoded.storageDirectory == context.storageDirectory.path)
        #expect(decoded.now == host.start.timeIntervalSince1970)
        #expect(decoded.clock == .manual)
    }

    @Test func timeCrossesAsSaturatingNanoseconds() {
        #expect(PluginTime.nanoseconds(.milliseconds(1500)) == 1_500_000_000)
        #expect(PluginTime.nanoseconds(.seconds(Int64.max)) == Int64.max, "a timer for \"forever\" does not trap")
        #expect(PluginTime.nanoseconds(.seconds(-3)) == 0)
    }

    @Test func newConventionsCrossAsJSONAndMoreThanTheirBoundIsRefusedUnread() throws {
        let conventions = FormatConventions(
            locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt, hourCycle: .twelveHour)
        let wire = try ConventionsWire.decode(ConventionsWire(conventions).encoded())
        #expect(wire.conventions == conventions)
        #expect(
            ConventionsWire(conventions).encoded() == Array(#"{"hourCycle":"12","locale":"de_DE","timeZone":"Asia\/Tokyo"}"#.utf8),
            "the encoder escapes the slash")
        // An unknown zone or hour cycle means what it means in a context.
        let odd = try ConventionsWire.decode(Array(#"{"hourCycle":"13","locale":"x","timeZone":"Nowhere/Else"}"#.utf8))
        #expect(odd.conventions.hourCycle == .twentyFourHour)
        #expect(odd.conventions.timeZone.secondsFromGMT() == 0)
        let padded = Array(#"{"hourCycle":"12","locale":"de_DE","timeZone":"UTC"}"#.utf8) + Array(repeating: UInt8(ascii: " "), count: 4096)
        #expect(throws: FeatureError("the conventions are \(padded.count) bytes, more than the 4096 accepted.")) {
            try ConventionsWire.decode(padded)
        }
        #expect(throws: (any Error).self) { try ConventionsWire.decode(Array("{}".utf8)) }
    }
}
