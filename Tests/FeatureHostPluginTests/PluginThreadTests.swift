import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

/// A plugin that calls back from threads of its own (frame requests, `done`, its error message) against the
/// ABI's word: the host never traps; frame requests hop to the main actor, and late calls are dropped.
@Suite @MainActor struct PluginThreadTests {
    @Test func frameRequestsFromAnotherThreadReachTheMainActorCoalesced() async throws {
        let stubbed = try await StubbedHost([], library: "threads")
        let plugin = try #require(stubbed.pluginFeature?.instance)
        let before = plugin.frameRequests
        // 100 requests from the stub's thread, which has ended when the hook returns.
        try PluginStubs.run(.requestFrames, in: stubbed.library)
        #expect(await eventually { plugin.frameRequests > before }, "delivered on the main actor")
        #expect(plugin.frameRequests - before <= 100, "coalesced while a hop is queued: \(plugin.frameRequests - before)")
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.pluginText == "Ticks: 2")
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"))
    }

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
        // The same thread writes again, after create has returned: the sink is gone, and the write is dropped.
        try PluginStubs.run(.writeErrorLate, in: stubbed.library)
        #expect(stubbed.pluginEntry.failure == "Stub could not start: the stub's own thread says it cannot run")
    }

    @Test func callsAfterTheInstanceIsGoneAreDropped() async throws {
        let host = try TestHost()
        let library = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-stub", title: "Stub", []), named: "gone", in: host.directory.url)
        let plugin = try PluginLoader.open(library)
        do {
            let feature = try DynamicFeature.make(plugin, context: try host.context(id: "test-stub"), dataDirectory: host.directory.url)
            feature.handle(.appear)
        }
        // The instance is destroyed, but the stub still holds the host's context pointers: a frame request and an
        // error message now find nothing and are dropped.
        let calls = try PluginStubs.callCount(in: library)
        try PluginStubs.run(.requestFrames, in: library)
        try PluginStubs.run(.writeErrorLate, in: library)
        await host.advance(by: .seconds(1))
        #expect(try PluginStubs.callCount(in: library) == calls, "nothing called the destroyed instance")
    }
}
