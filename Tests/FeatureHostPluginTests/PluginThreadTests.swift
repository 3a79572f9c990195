import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

/// A plugin that calls back from threads of its own (frame requests, `done`, its error message) against the
/// ABI's word: its process takes them, and the host gets them as from any other plugin.
@Suite @MainActor struct PluginThreadTests {
    @Test func doneAndFrameRequestsFromTheAdvanceThreadResumeTheHost() async throws {
        let stubbed = try await StubbedHost([.advanceDoneFromThread], library: "threads")
        let plugin = try #require(stubbed.pluginFeature?.instance)
        await stubbed.host.advance(by: .seconds(3))
        #expect(stubbed.pluginText == "Ticks: 3", "every advance's done came from another thread, and the host waited for it")
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 3"))
        #expect(await eventually { plugin.frameRequests >= 1 }, "the thread's frame requests arrived on the main actor")
        #expect(stubbed.pluginFeature?.instance.stopReason == nil)
    }

    @Test func anErrorWrittenFromAnotherThreadReachesThePanel() async throws {
        let stubbed = try await StubbedHost([.createFailsFromThread], library: "threads")
        #expect(stubbed.pluginEntry.failure == "Stub could not start: the stub's own thread says it cannot run")
    }

}
