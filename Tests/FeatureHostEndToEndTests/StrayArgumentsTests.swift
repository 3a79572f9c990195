import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import Testing
import TransactionsFeature

@testable import FeatureHostApp

/// A word or option a command does not take is refused, naming it, never ignored; a feature the config does not
/// list never runs on its default (possibly real) source without saying so; and `validate` says every problem at
/// once, a failed plugin's included.
@Suite @MainActor struct StrayArgumentsTests {
    let app = FeatureHostApp(name: "FeatureHost", features: [OfferCountdownFeature.self, TransactionsFeature.self, TickerFeature.self])
    let host: TestHost

    init() throws { host = try TestHost() }

    func arguments(_ words: String...) throws -> CommandLineArguments {
        try CommandLineArguments(words, valued: CommandCatalog.valuedOptions)
    }

    @Test func aWordAfterTheCommandIsRefused() throws {
        #expect(throws: UsageError(#"validate: unexpected argument "extra". Run `featurehost --help` for the usage."#)) {
            try ValidateCommand.run(try self.arguments("validate", "extra"), app: self.app)
        }
        #expect(throws: UsageError(#"list: unexpected arguments "a" "b". Run `featurehost --help` for the usage."#)) {
            try ListCommand.run(try self.arguments("list", "a", "b"), app: self.app)
        }
    }

    @Test func listTakesNoDataDirectory() throws {
        #expect(throws: UsageError("list: unknown option --data-dir. Run `featurehost --help` for the options.")) {
            try ListCommand.run(try self.arguments("list", "--data-dir", "X"), app: self.app)
        }
    }

    /// The flag that chose the removed in-process backend says so, rather than "unknown option".
    @Test func theRemovedPluginIsolationFlagSaysWhereTheBackendWent() throws {
        let removed =
            "list: --plugin-isolation was removed: every plugin runs in a featurehost-plugin-host process of its own. To debug one, "
            + #"attach a debugger to that process (docs/writing-a-feature.md, "Debugging a plugin")."#
        #expect(throws: UsageError(removed)) {
            try ListCommand.run(try self.arguments("list", "--plugin-isolation", "in-process"), app: self.app)
        }
    }

    @Test func storeTakesOnlyTheKeysTheFeatureDeclares() throws {
        let data = host.directory.file("data").path
        let config = try host.directory.write(#"{ "features": [ { "id": "transactions" } ] }"#, to: "store.json").path
        #expect(throws: UsageError(#"store: transactions keeps no value named "bogus-key"; its keys: unpinned-ids."#)) {
            try StoreCommand.run(
                try self.arguments("store", "set", "transactions", "bogus-key", "1", "--data-dir", data, "--config", config), app: self.app)
        }
        #expect(throws: UsageError("store: offer-countdown keeps no saved values.")) {
            try StoreCommand.run(
                try self.arguments("store", "get", "offer-countdown", "anything", "--data-dir", data, "--config", config), app: self.app)
        }
        #expect(throws: UsageError(#"store get: unexpected argument "extra"; usage: featurehost store get ID KEY."#)) {
            try StoreCommand.run(
                try self.arguments("store", "get", "transactions", "unpinned-ids", "extra", "--data-dir", data, "--config", config),
                app: self.app)
        }
        #expect(!FileManager.default.fileExists(atPath: data), "nothing was written")
    }

    /// A feature the config does not list still runs with --only and snapshot (a feature just scaffolded is tried
    /// so), but never silently on its default source: the command says so, naming the config and the source.
    @Test func aFeatureTheConfigDoesNotListSaysItRunsOnItsDefaultSource() throws {
        let config = try host.directory.write(#"{ "features": [ { "id": "offer-countdown" } ] }"#, to: "only-offer.json")
        let options = try HostOptions(arguments: try arguments("snapshot", "transactions", "--config", config.path), app: app)
        #expect(try ShellAssembly.selection(options: options, only: "transactions").map(\.id) == ["transactions"])
        #expect(
            ShellAssembly.unlistedNotice(options: options, only: "transactions", command: "featurehost: snapshot")
                == #"featurehost: snapshot: transactions is not in \#(config.path), so it runs with its default source (in-memory bundled sample), not as configured; add {"id": "transactions"} to its "features" to configure it."#
        )
        #expect(ShellAssembly.unlistedNotice(options: options, only: "offer-countdown", command: "featurehost") == nil)
        #expect(ShellAssembly.unlistedNotice(options: options, only: nil, command: "featurehost") == nil)
    }

    /// A plugin that failed, the ids it may have brought, and every other problem, in one round.
    @Test func validateReportsAFailedPluginBesideTheConfigsOtherProblems() throws {
        let config = try host.directory.write(
            #"{ "plugins": ["libmissing.so"], "features": [ { "id": "from-the-plugin" }, { "id": "transactions", "colour": 1 } ] }"#,
            to: "plugin.json")
        let errors = try #require(throws: ConfigErrors.self) {
            try HostOptions(arguments: try self.arguments("validate", "--config", config.path), app: self.app)
        }
        #expect(errors.issues.map(\.path) == ["plugins[0]", "features[1].colour", "features[0].id"])
        #expect(errors.issues[0].message.contains("libmissing.so"))
        #expect(errors.issues[2].message.hasPrefix(#"unknown feature "from-the-plugin"; it may come from the plugin that failed"#))
    }
}
