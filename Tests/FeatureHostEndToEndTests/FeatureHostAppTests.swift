import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import TerminalUI
import Testing
import TransactionsFeature
import WebUI

@testable import FeatureHostApp

/// An app that embeds the host (docs/embedding.md): its name is what a person sees, and only its features exist.
@Suite @MainActor struct FeatureHostAppTests {
    let app = FeatureHostApp(name: "MyApp", features: [OfferCountdownFeature.self, TickerFeature.self])
    let host: TestHost

    init() throws { host = try TestHost() }

    func arguments(_ words: [String]) throws -> CommandLineArguments {
        try CommandLineArguments(words, valued: CommandCatalog.valuedOptions)
    }

    @Test func theHelpAndUsageLinesNameTheAppsCommand() {
        let usage = Usage.text(for: app)
        #expect(usage.hasPrefix("myapp: MyApp, on FeatureHost."))
        for line in [
            "  myapp serve [", "  myapp validate [", "  myapp reload [", "  myapp snapshot ID [", "http://myapp-RANDOM.localhost:PORT/",
            "$MYAPP_CONFIG",
        ] {
            #expect(usage.contains(line), "\(line)")
        }
        #expect(!usage.contains("featurehost "), "no usage line names another command")
        #expect(
            Usage.text(for: FeatureHostApp(name: "FeatureHost", features: [])).hasPrefix(
                "featurehost: a plugin-based host for app features."))
    }

    @Test func anUnknownOptionSaysHowToGetTheAppsHelp() throws {
        #expect(throws: UsageError("list: unknown option --bogus. Run `myapp --help` for the options.")) {
            try self.arguments(["list", "--bogus"]).check(allowed: [], command: "list", app: self.app)
        }
    }

    @Test func theShellsHomeScreenSaysTheAppsName() {
        let environment = HostEnvironment(
            clock: host.clock, now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
            dataDirectory: host.directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let config = ConfigLoader(registry: app.registry).defaultConfig()
        let session = HostSession(
            launching: ResolvedFeature.enabled(in: config, registry: app.registry), with: FeatureLauncher(environment: environment))
        let home = ShellScreen(model: ShellModel(session: session, app: app.identity)).render(size: Size(width: 50, height: 10)).plainText()
        #expect(home.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) == "MyApp")
        #expect(!home.contains("FeatureHost"))
        let empty = ShellModel(session: HostSession(launching: [], with: FeatureLauncher(environment: environment)), app: app.identity)
        #expect(ShellScreen(model: empty).render(size: Size(width: 80, height: 6)).plainText().contains("(myapp list)"))
        session.close()
    }

    /// Only the app's features exist: a config naming one of FeatureHost's that the app does not compile in is an
    /// error naming it (and the ids the app has), as `validate` prints it.
    @Test func aFeatureTheAppDoesNotCompileInIsAValidationError() throws {
        let config = host.directory.file("myapp.json")
        try Data(#"{ "features": [ { "id": "offer-countdown" }, { "id": "transactions" } ] }"#.utf8).write(to: config)
        let errors = try #require(
            throws: ConfigErrors.self,
            performing: { try HostOptions(arguments: try self.arguments(["validate", "--config", config.path]), app: self.app) })
        #expect(errors.issues.map(\.path) == ["features[1].id"])
        #expect(errors.issues.first?.message.hasPrefix(#"unknown feature "transactions""#) == true)
        #expect(errors.issues.first?.message.hasSuffix("known ids: offer-countdown, test-ticker.") == true, "\(errors)")
        // The same config is fine for an app that has Transactions.
        let wider = FeatureHostApp(name: "Other", features: [OfferCountdownFeature.self, TransactionsFeature.self])
        #expect(throws: Never.self) { try HostOptions(arguments: try self.arguments(["validate", "--config", config.path]), app: wider) }
    }

    @Test func runReturnsTheExitStatus() async throws {
        #expect(await app.run(["--version"]) == 0)
        let config = host.directory.file("bad.json")
        try Data(#"{ "features": [ { "id": "chats" } ] }"#.utf8).write(to: config)
        #expect(await app.run(["validate", "--config", config.path]) == 1)
        #expect(await app.run(["no-such-command"]) == 1)
    }
}
