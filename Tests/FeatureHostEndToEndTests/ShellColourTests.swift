import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

/// The shell's own screens read on a dark and on a light terminal (see `Frame.legibilityProblems(on:)`): the
/// home list and its selected row, a feature with the footer, a failed feature's panel, the "too small" message.
@Suite @MainActor struct ShellColourTests {
    let host: TestHost
    let registry = FeatureRegistry([TickerFeature.self, BrokenFeature.self])

    init() throws { host = try TestHost() }

    func model() -> ShellModel {
        let environment = HostEnvironment(
            clock: host.clock, now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
            dataDirectory: host.directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let config = ConfigLoader(registry: registry).defaultConfig()
        return ShellModel(
            session: HostSession(
                launching: ResolvedFeature.enabled(in: config, registry: registry),
                with: FeatureLauncher(environment: environment)),
            only: nil)
    }

    func report(_ shell: ShellModel, _ width: Int = 50, _ height: Int = 12) -> String {
        ShellScreen(model: shell).render(size: Size(width: width, height: height)).legibilityReport()
    }

    @Test func everyShellScreenReads() {
        let shell = model()
        #expect(report(shell) == "", "home, first row selected")
        shell.handle(.down)
        #expect(report(shell) == "", "home, the failed feature selected")
        shell.handle(.enter)
        #expect(report(shell) == "", "the failed feature's panel")
        shell.handle(.escape)
        shell.handle(.up)
        shell.handle(.enter)
        #expect(report(shell) == "", "a feature and the footer")
        #expect(report(shell, 20, 4) == "", "too small")
    }
}
