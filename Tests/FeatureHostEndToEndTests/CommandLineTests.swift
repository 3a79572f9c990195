import FeatureHostTesting
import Foundation
import Testing

/// Runs the built `featurehost` executable as a user would.
@Suite struct CommandLineTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_CONFIG"] = nil
        environment["FEATUREHOST_DATA_DIR"] = directory.file("data").path
        return environment
    }

    func featurehost(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.run(
            ProductsDirectory.executable("featurehost"), arguments, environment: environment, currentDirectory: directory.url)
    }

    @Test func validatePrintsEveryErrorInOneRun() throws {
        let config = try directory.write(
            """
            { "features": [
              { "id": "weather" },
              { "id": "car-news", "source": { "kind": "ftp" } },
              { "id": "car-news", "source": { "kind": "http", "url": "http://example.org/articles" } }
            ] }
            """, to: "bad.json")
        let result = try featurehost("validate", "--config", config.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[0].id: unknown feature \"weather\"; known ids:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[1].source.kind: found \"ftp\"; allowed:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[2].source.url: \"http://example.org/articles\" must use https") })
    }

    @Test func validateSaysOkForTheBuiltInDefault() throws {
        let result = try featurehost("validate")
        #expect(result.status == 0)
        #expect(result.standardOutput == "ok\n")
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
