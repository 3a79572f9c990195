import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import TransactionsFeature
import TransactionsTerminal

@testable import FeatureHostApp

/// The config's `locale` and `hourCycle` edited while the host runs (issue 32, point 3): a feature formats again in
/// place, with nothing restarted (the same presenter, the same rows, the same selection); one that cannot (the
/// sample counter declares no `reformat`) is made again.
@Suite(.serialized) @MainActor struct LiveConventionsTests {
    let host: TestHost
    let app = FeatureHostApp(name: "FeatureHost", features: [TransactionsFeature.self, TickerFeature.self])
    let file: URL

    init() throws {
        host = try TestHost()
        file = try host.directory.write(
            #"{"features": [{"id": "transactions", "source": {"kind": "in-memory"}}, {"id": "test-ticker"}], "locale": "en_US"}"#,
            to: "featurehost.json")
    }

    @Test func aNewLocaleFormatsAgainWithoutRestartingAFeature() async throws {
        let arguments = try CommandLineArguments(
            ["--config", file.path, "--data-dir", host.directory.file("data").path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, app: app)
        let environment = HostEnvironment(
            clock: host.clock, now: { host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_US"), timeZone: .gmt, activity: host.activity)
        let live = LiveConfig(options: options, environment: environment, flags: .init(), arguments: arguments, app: app, only: nil)
        let session = HostSession(launching: live.features, with: live.launcher)
        let model = ShellModel(session: session)
        model.handle(.enter)
        #expect(await host.settle())
        model.handle(.down)
        let feature = try #require(session.entries[0].feature as? TransactionsFeature)
        let before = feature.presenter.viewState
        let selected = try #require(before.selectedRow)
        #expect(selected == 1)
        #expect(before.rows[selected].amount.hasPrefix("$"), "\(before.rows[selected].amount)")
        let entries = session.entries

        try host.directory.write(
            #"{"features": [{"id": "transactions", "source": {"kind": "in-memory"}}, {"id": "test-ticker"}], "locale": "de_DE"}"#,
            to: "featurehost.json")
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[0] === entries[0], "transactions formats again in place")
        #expect(session.entries[1] !== entries[1], "a feature that cannot format in place (the sample) is made again")
        #expect(session.entries[0].feature as? TransactionsFeature != nil)
        let after = feature.presenter.viewState
        #expect(after.selectedRow == selected, "the selection stays")
        #expect(after.rows[selected].name == before.rows[selected].name)
        #expect(after.rows[selected].amount.hasSuffix("$"), "German puts the sign last: \(after.rows[selected].amount)")
        #expect(after.rows[selected].amount.contains(","), "and a decimal comma: \(after.rows[selected].amount)")
        #expect(model.screen == .feature(0))
    }
}
