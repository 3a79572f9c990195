import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A plugin that crashes in `create`: the guard catches the signal, the feature's panel says so, the plugin is
/// never called again, and the host and its other features run on.
@Suite @MainActor struct PluginCrashTests {
    func expected(_ library: String, _ signal: String) -> String {
        "Stub could not start: the plugin \(library) crashed in create with \(signal). The host caught it and will not "
            + "call this plugin again in this run; fix the plugin and restart the host."
    }

    @Test func aSegfaultInCreateIsShownInTheFeaturesPanel() async throws {
        let stubbed = try await StubbedHost([.segfaultInCreate], library: "segv")
        #expect(stubbed.pluginEntry.failure == expected("libsegv.so", "SIGSEGV (a bad memory access, such as a NULL dereference)"))
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"), "the built-in feature runs on")
    }

    @Test func anAbortInCreateIsShownInTheFeaturesPanel() async throws {
        let stubbed = try await StubbedHost([.abortInCreate], library: "abort")
        #expect(stubbed.pluginEntry.failure == expected("libabort.so", "SIGABRT (it called abort, or an assertion failed)"))
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"))
    }

    @Test func aCrashedPluginIsNotCreatedAgain() async throws {
        let stubbed = try await StubbedHost([.segfaultInCreate], library: "segv")
        #expect(try stubbed.callCount() == 1)
        // What a second surface does: each web page load launches its features again.
        let plugin = try PluginLoader.open(stubbed.library)
        let context = try stubbed.host.context(id: "test-stub")
        let reason = String(
            expected("libsegv.so", "SIGSEGV (a bad memory access, such as a NULL dereference)").dropFirst("Stub could not start: ".count))
        #expect(throws: FeatureError(reason)) {
            try DynamicFeature.make(plugin, context: context, dataDirectory: stubbed.host.directory.url)
        }
        #expect(try stubbed.callCount() == 1, "the recorded crash was reported; create was not called")
    }

    @Test func theHostsOwnSignalHandlersAreBackAfterTheCall() async throws {
        // Built first: the handlers are process-wide, so the launches and the comparison run without suspending,
        // while no other test's plugin call can be in flight on the main actor.
        let (abortHost, abort) = try await StubbedHost.build([.abortInCreate], library: "abort")
        let (fineHost, fine) = try await StubbedHost.build([], library: "fine")
        let before = handlers()
        _ = try StubbedHost(library: abort, in: abortHost)
        _ = try StubbedHost(library: fine, in: fineHost)
        #expect(handlers() == before, "SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE and SIGTRAP have their handlers back")
    }

    /// Each guarded signal's handler address and flags, to compare before and after. (Only the kernel's part of
    /// the mask comes back, so the rest of the struct's bytes are not compared.)
    func handlers() -> [[UInt64]] {
        [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP].map { signal in
            var action = sigaction()
            sigaction(signal, nil, &action)
            let handler = withUnsafeBytes(of: &action.__sigaction_handler) { $0.load(as: UInt64.self) }
            return [handler, UInt64(UInt32(bitPattern: action.sa_flags))]
        }
    }
}
