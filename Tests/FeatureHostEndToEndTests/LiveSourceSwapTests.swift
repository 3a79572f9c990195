import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import TransactionsFeature
import TransactionsTerminal

@testable import FeatureHostApp

/// A feature's source swapped while the host runs (issue 32, point 3): the feature is made again on the new source,
/// and what belongs to the feature (its saved pins) stays.
@Suite(.serialized) @MainActor struct LiveSourceSwapTests {
    let host: TestHost
    let app = FeatureHostApp(name: "FeatureHost", features: [TransactionsFeature.self])

    init() throws { host = try TestHost() }

    @Test func aNewSourceKeepsTheFeaturesSavedPins() async throws {
        let file = try host.directory.write(
            #"{"features": [{"id": "transactions", "source": {"kind": "in-memory"}}]}"#, to: "featurehost.json")
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
        let before = try #require(session.entries[0].feature as? TransactionsFeature)
        let first = try #require(before.presenter.viewState.selectedRow)
        let wasPinned = before.presenter.viewState.rows[first].isPinned
        before.presenter.send(.togglePin)
        #expect(await host.settle())
        #expect(before.presenter.viewState.rows[first].isPinned == !wasPinned)
        let toggled = before.presenter.viewState.rows[first].id

        try host.directory.write(#"{"features": [{"id": "transactions", "source": {"kind": "json-file"}}]}"#, to: "featurehost.json")
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        let after = try #require(session.entries[0].feature as? TransactionsFeature)
        #expect(after.presenter !== before.presenter, "made again on the new source")
        #expect(model.screen == .feature(0), "and shown again")
        #expect(await host.settle())
        let row = try #require(
            (0..<after.presenter.viewState.rows.count).map { after.presenter.viewState.rows[$0] }.first { $0.id == toggled })
        #expect(row.isPinned == !wasPinned, "the pin the user changed is the feature's, kept across the swap")
    }
}
