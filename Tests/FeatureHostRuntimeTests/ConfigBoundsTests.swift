import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

/// A config is bounded (issue 24, point 6): refused over 1 MiB after reading at most one byte more, at most 50
/// problems printed with a count of the rest, never a huge value echoed whole; and every number in it has the
/// range the runtime holds to (point 5).
@Suite struct ConfigBoundsTests {
    let registry = FeatureRegistry([AlphaFeature.self, BetaFeature.self, WebOnlyFeature.self])
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func errors(loading file: URL) -> ConfigErrors? {
        do {
            _ = try ConfigLoader(registry: registry).load(file)
            return nil
        } catch {
            return error as? ConfigErrors
        }
    }

    /// A 50 MB config once took about 6 GB and 50 s; now it is refused after 1 MiB and a byte.
    @Test(.timeLimit(.minutes(1))) func aHugeConfigIsRefusedBeforeItIsRead() throws {
        let file = directory.file("featurehost.json")
        let entry = Data(#"{"id":"nope"},"#.utf8)
        var body = Data(#"{"features":["#.utf8)
        while body.count < 50_000_000 { body.append(entry) }
        try body.write(to: file)
        let found = try #require(errors(loading: file))
        #expect(found.issues.count == 1)
        #expect(found.issues[0].message.hasPrefix("the config file is \(body.count) bytes; a config may be at most 1048576 bytes"))
    }

    /// A device or a pipe that never ends is refused for what it is, before a byte is read.
    @Test(.timeLimit(.minutes(1))) func aConfigThatNeverEndsIsRefused() throws {
        let found = try #require(errors(loading: URL(fileURLWithPath: "/dev/zero")))
        #expect(found.description == "/dev/zero: the config file is a device, not a regular file.")
    }

    @Test func aConfigAtTheLimitIsRead() throws {
        let head = #"{"features":[{"id":"alpha"}]}"#
        let file = try directory.write(head + String(repeating: " ", count: (1 << 20) - head.utf8.count), to: "featurehost.json")
        #expect(try ConfigLoader(registry: registry).load(file).entries.map(\.id) == ["alpha"])
        try (head + String(repeating: " ", count: (1 << 20) - head.utf8.count + 1)).write(to: file, atomically: true, encoding: .utf8)
        #expect(errors(loading: file)?.issues.first?.message.hasPrefix("the config file is 1048577 bytes") == true)
    }

    /// Tens of thousands of problems print as the first 50 and a count, not hundreds of megabytes.
    @Test func atMostFiftyProblemsArePrintedAndTheRestCounted() throws {
        let entries = (0..<20_000).map { #"{"id":"nope\#($0)"}"# }.joined(separator: ",")
        let file = try directory.write(#"{"features":[\#(entries)]}"#, to: "featurehost.json")
        let found = try #require(errors(loading: file))
        #expect(found.issues.count == 20_000)
        let lines = found.description.split(separator: "\n")
        #expect(lines.count == 51)
        #expect(lines.last == "… and 19950 more problems (20000 in all); fix these and run `featurehost validate` again.")
        #expect(found.description.utf8.count < 20_000)
    }

    /// A value of almost a megabyte is quoted by its first hundred characters, wherever it stands.
    @Test func aHugeValueIsNeverEchoedWhole() throws {
        let huge = String(repeating: "z", count: 900_000)
        for json in [
            #"{"features":[{"id":"\#(huge)"}]}"#,
            #"{"features":[{"id":"alpha","settings":{"speed":"\#(huge)"}}]}"#,
            #"{"features":[{"id":"web-only","source":{"kind":"http","url":"ftp://\#(huge)"}}]}"#,
            #"{"features":[{"id":"alpha","source":{"kind":"plist","path":"\#(huge)"}}]}"#,
            #"{"features":[{"id":"alpha","\#(huge)":1}]}"#,
            #"{"features":["\#(huge)"]}"#,
        ] {
            let file = try directory.write(json, to: "featurehost.json")
            let found = try #require(errors(loading: file))
            #expect(found.description.utf8.count < 2_000, "\(found.description.prefix(300)) … \(found.description.suffix(300))")
            #expect(found.description.contains("zzzz…"), "\(found.description.prefix(200))")
        }
    }

    /// `source.timeout` of 1e300 passed `validate` and crashed the first request: now it is refused with the
    /// range every request is held to.
    @Test(arguments: ["1e300", "0", "-1", "3600.5", "0.0001"])
    func aTimeoutOutsideTheRangeIsRefused(_ timeout: String) throws {
        let file = try directory.write(
            #"{"features":[{"id":"web-only","source":{"kind":"http","url":"https://example.org","timeout":\#(timeout)}}]}"#,
            to: "featurehost.json")
        let found = try #require(errors(loading: file))
        #expect(
            found.issues.map(\.message) == [
                "found \(SettingValue.number(Double(timeout) ?? 0)); allowed: a number of seconds from 0.001 to 3600."
            ])
    }

    @Test(arguments: [0.001, 3600, 15, 0.25])
    func aTimeoutInsideTheRangeIsKept(_ timeout: Double) throws {
        let file = try directory.write(
            #"{"features":[{"id":"web-only","source":{"kind":"http","url":"https://example.org","timeout":\#(timeout)}}]}"#,
            to: "featurehost.json")
        #expect(try ConfigLoader(registry: registry).load(file).entries.first?.source?.timeout == timeout)
    }

    /// One reader: keys compare by their value, so an escaped spelling of a key is the same key.
    @Test func aKeyRepeatedUnderAnEscapedSpellingIsRefused() throws {
        let file = try directory.write(#"{"features":[],"feat\u0075res":[{"id":"alpha"}]}"#, to: "featurehost.json")
        #expect(
            errors(loading: file)?.issues.map(\.message) == [
                #"not valid JSON: line 1, column 16: the key "features" appears twice in one object; keep one."#
            ])
    }

    @Test func aNumberTooLargeForADoubleIsRefused() throws {
        let file = try directory.write(#"{"features":[{"id":"alpha","settings":{"speed":1e400}}]}"#, to: "featurehost.json")
        #expect(
            errors(loading: file)?.issues.map(\.message) == [
                "not valid JSON: line 1, column 48: the number 1e400 is too large for a number here."
            ])
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithWhere() throws {
        let file = directory.file("featurehost.json")
        try (Data(#"{"features":[{"id":"al"#.utf8) + Data([0xFF, 0xFE]) + Data(#"pha"}]}"#.utf8)).write(to: file)
        #expect(
            errors(loading: file)?.issues.map(\.message) == [
                "not valid JSON: line 1, column 23: a string holds bytes that are not UTF-8; save the file as UTF-8."
            ])
    }
}
