import FeatureHostTesting
import Foundation
import Testing

/// Runs the built `featurehost` executable as a user would.
@Suite struct CommandLineTests {
    let directory: TemporaryDirectory
    let process: FeaturehostProcess

    init() throws {
        directory = try TemporaryDirectory()
        process = FeaturehostProcess(in: directory.url)
    }

    func featurehost(_ arguments: String...) throws -> ProcessResult { try process.run(arguments) }

    /// `not_a_feature` is not kebab-case, so no feature can ever have it: scaffolding one keeps this test true.
    @Test func validatePrintsEveryErrorInOneRun() throws {
        let config = try directory.write(
            """
            { "features": [
              { "id": "not_a_feature" },
              { "id": "car-news", "source": { "kind": "ftp" } },
              { "id": "car-news", "source": { "kind": "http", "url": "http://example.org/articles" } }
            ] }
            """, to: "bad.json")
        let result = try featurehost("validate", "--config", config.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[0].id: unknown feature \"not_a_feature\"; known ids:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[1].source.kind: found \"ftp\"; allowed:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[2].source.url: \"http://example.org/articles\" must use https") })
    }

    @Test func validateSaysOkForTheBuiltInDefault() throws {
        let result = try featurehost("validate")
        #expect(result.status == 0)
        #expect(result.standardOutput == "ok\n")
    }

    @Test func listPrintsIdStateKindAndLocation() throws {
        try directory.write(
            """
            { "features": [
              { "id": "chats", "source": { "kind": "json-file", "path": "data/chats.json" } },
              { "id": "car-news", "enabled": false, "source": { "kind": "http", "url": "https://example.org/articles" } },
              { "id": "offer-countdown" }
            ] }
            """, to: "featurehost.json")
        let result = try featurehost("list")
        #expect(result.status == 0)
        // The features, a blank line, then the locale choice (LocaleFromEnvironmentTests checks its words).
        let parts = result.standardOutput.components(separatedBy: "\n\n")
        #expect(
            parts.first == """
                chats            enabled   json-file  \(directory.file("data/chats.json").path)
                car-news         disabled  http       https://example.org/articles (cached)
                offer-countdown  enabled   none       (no data source)
                """)
        #expect(parts.count == 2 && parts[1].split(separator: "\n").map { $0.prefix(10) } == ["locale    ", "hour cycle", "time zone "])
    }

    @Test func theKeyValueStoreSurvivesAProcessRestart() throws {
        let set = try featurehost("store", "set", "transactions", "note", #"{"kept":true}"#)
        #expect(set.status == 0, "stderr: \(set.standardError)")
        let get = try featurehost("store", "get", "transactions", "note")
        #expect(get.status == 0)
        #expect(get.standardOutput == #"{"kept":true}"# + "\n")
        #expect(FileManager.default.fileExists(atPath: directory.file("data/preferences.plist").path))
        let missing = try featurehost("store", "get", "transactions", "absent")
        #expect(missing.status == 1)
        #expect(missing.standardError == "store: transactions has no value for \"absent\".\n")
    }

    @Test func helpAndVersion() throws {
        let help = try featurehost("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("featurehost validate [--config F]"))
        let version = try featurehost("--version")
        #expect(version.standardOutput.hasPrefix("featurehost "))
    }

    @Test func anUnknownOptionIsAClearError() throws {
        let result = try featurehost("list", "--colour")
        #expect(result.status == 1)
        #expect(result.standardError == "featurehost: list: unknown option --colour. Run `featurehost --help` for the options.\n")
    }

    @Test func aMissingConfigFileIsNamed() throws {
        let result = try featurehost("list", "--config", "nope.json")
        #expect(result.status == 1)
        #expect(result.standardError == "\(directory.file("nope.json").path): the config file does not exist.\n")
    }
}
