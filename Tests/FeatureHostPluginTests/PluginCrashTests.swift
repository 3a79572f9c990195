import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

/// A plugin that crashes in `create`: its process dies, the feature's panel says so (with a restart), and the host
/// and its other features run on.
@Suite @MainActor struct PluginCrashTests {
    func expected(_ library: String, _ signal: String) -> String {
        "The plugin \(library) stopped: it crashed with \(signal) in create."
    }

    @Test func aSegfaultInCreateIsShownInTheFeaturesPanel() async throws {
        let stubbed = try await StubbedHost([.segfaultInCreate], library: "segv")
        #expect(
            stubbed.pluginText.hasPrefix(expected("libsegv.so", "SIGSEGV (a bad memory access, such as a NULL dereference)")),
            "\(stubbed.pluginText)")
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"), "the built-in feature runs on")
    }

    @Test func anAbortInCreateIsShownInTheFeaturesPanel() async throws {
        let stubbed = try await StubbedHost([.abortInCreate], library: "abort")
        #expect(
            stubbed.pluginText.hasPrefix(expected("libabort.so", "SIGABRT (it called abort, or an assertion failed)")),
            "\(stubbed.pluginText)")
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"))
    }

}
