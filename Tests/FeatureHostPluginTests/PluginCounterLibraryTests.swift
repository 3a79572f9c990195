import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import PluginCounterLibrary
import TerminalPluginBridge
import TerminalUI
import Testing

/// The whole byte protocol (manifest and context JSON, keys, frames, the clock bridge, frame requests,
/// in-flight work) with the kit's table for `PluginCounterFeature`, built as `libPluginCounter.so` (its own copy of
/// the core) and run in its own process, and the host's bridge. `Tests/e2e/plugin.sh` does the same with the example.
@Suite @MainActor struct PluginCounterLibraryTests {
    let host: TestHost
    let plugin: LoadedPlugin

    init() throws {
        host = try TestHost()
        plugin = try loadPlugin(PluginCounterLibraryFile.url, dataDirectory: host.directory.url)
    }

    func scene(settings: [String: SettingValue] = [:], size: Size = Size(width: 36, height: 6)) throws -> TextDriver {
        try opened(settings: settings, size: size).driver
    }

    /// The feature shown as the shell shows it: its scene made, then `.appear`.
    func opened(settings: [String: SettingValue] = [:], size: Size = Size(width: 36, height: 6)) throws -> (
        feature: DynamicFeature, driver: TextDriver
    ) {
        let context = try host.context(id: "plugin-counter", settings: settings, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        let feature = try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        let driver = TextDriver(scene: feature.makeScene(), size: size)
        feature.handle(.appear)
        return (feature, driver)
    }

    @Test func theManifestCrossesAsJSON() {
        let manifest = plugin.manifest
        #expect(manifest.id == "plugin-counter")
        #expect(manifest.title == "Plugin counter")
        #expect(manifest.summary == "Counts seconds across the plugin boundary.")
        #expect(manifest.acceptedSources == [.http, .inMemory])
        #expect(manifest.defaultSource == SourceConfiguration(kind: .inMemory))
        #expect(manifest.settingsKeys == ["fail", "url"])
    }

    @Test func drivenThroughTheTextDriverOnTheHostsClock() async throws {
        let (feature, driver) = try opened()
        #expect(feature.instance.frameRequests == 0)
        #expect(
            driver.text() == """
                 Seconds: 0
                 Clock: 12:34:00

                 [ Press ]  Presses: 0 界

                 Fetched: -
                """)
        await host.advance(by: .seconds(3))
        #expect(driver.text().hasPrefix(" Seconds: 3\n Clock: 12:34:03"), "the plugin's own clock followed the host's")
        // The first tick after the frame drawn above asks for the next frame, through the C callback; the other
        // ticks of the same turn wait for it (the host draws at most once per turn).
        #expect(feature.instance.frameRequests == 1, "one frame request, through the C callback")
        #expect(driver.press(.enter, .character("x")) == [.handled, .ignored])
        #expect(driver.text().contains("Presses: 1"))
        feature.handle(.didEnterBackground)
        await host.advance(by: .seconds(2))
        #expect(driver.text().hasPrefix(" Seconds: 3 (paused)"))
        feature.handle(.willEnterForeground)
        await host.advance(by: .milliseconds(1500))
        #expect(driver.text().hasPrefix(" Seconds: 4\n Clock: 12:34:06"), "one more tick, at 6 s: none while in the background")
        #expect(driver.scene.keyHints == [KeyHint(key: "Enter", action: "press")])
        #expect(driver.scene.minimumSize == Size(width: 30, height: 6))
    }

    @Test func anHourCrossesTheBoundaryTickByTick() async throws {
        let (feature, driver) = try opened()
        _ = driver.text()
        // A timer of the host's own, so its clock has something asleep and starts the run without settling.
        let effects = EffectRunner(activity: host.activity)
        let timeline = MonotonicTimeline(clock: host.clock)
        var hostTicks = 0
        effects.timer("host", on: timeline, nextDeadline: { .seconds(600 * (hostTicks + 1)) }, fire: { hostTicks += 1 })
        await host.clock.advance(by: .seconds(3600))
        #expect(feature.instance.frameRequests == 1, "one frame request for the hour: the advance is one turn of the host")
        #expect(driver.text().hasPrefix(" Seconds: 3600\n Clock: 13:34:00"), "every tick arrived, the last at its own second")
        #expect(hostTicks == 6)
    }

    @Test func framesKeepStylesAndWideGraphemes() throws {
        let driver = try scene()
        let frame = driver.frame()
        #expect(frame[1, 0].style == Style(foreground: .green, bold: true))
        #expect(frame[1, 3].style.reverse)
        #expect(frame[23, 3] == Cell("界"))
        #expect(frame[24, 3].isContinuation)
    }

    @Test func aFeatureThatCannotStartSaysWhyThroughTheBoundary() {
        #expect(throws: FeatureError("the counter was told to fail")) { try scene(settings: ["fail": .bool(true)]) }
        #expect(throws: FeatureError("settings of \"plugin-counter\": \"fail\" must be true or false, found a string \"yes\".")) {
            try scene(settings: ["fail": .string("yes")])
        }
    }

    @Test func requestsInFlightInThePluginCountAsTheHosts() async throws {
        let gate = BlockingGate()
        let server = try LoopbackHTTPServer { _ in
            gate.wait()
            return .text("hello")
        }
        let driver = try scene(settings: ["url": .string(server.url("greeting").absoluteString)])
        // The reply is held until the gate opens, so the request is in flight for as long as the test looks.
        for _ in 0..<1000 where host.activity.inFlight == 0 { await Task.yield() }
        #expect(host.activity.inFlight > 0, "the host sees the plugin's request through its probe")
        gate.open()
        await host.settle()
        #expect(host.activity.inFlight == 0)
        #expect(driver.text().hasSuffix("Fetched: hello"))
    }

    @Test func theLauncherStartsAPluginFeatureFromTheRegistry() throws {
        var registry = FeatureRegistry([])
        try PluginLoader.register(plugin, into: &registry, makeFeature: DynamicFeature.maker(dataDirectory: host.directory.url))
        #expect(registry.descriptor(for: "plugin-counter")?.label == "libPluginCounter.so (\(PluginCounterLibraryFile.url.path))")
        let environment = HostEnvironment(
            clock: host.clock, now: { Date(timeIntervalSince1970: 0) }, transport: host.transport,
            dataDirectory: host.directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let config = ConfigLoader(registry: registry).defaultConfig()
        let launched = ResolvedFeature.enabled(in: config, registry: registry).map(FeatureLauncher(environment: environment).launch)
        guard case .running(let feature as any TerminalFeature) = launched.first?.outcome else {
            Issue.record("expected a running terminal feature, got \(String(describing: launched.first?.outcome))")
            return
        }
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 30, height: 6))
        feature.handle(.appear)
        #expect(driver.text().contains("Clock: 00:00:00"))
    }
}

/// `libPluginCounter.so`: the package's `PluginCounter` product, built beside the tests.
enum PluginCounterLibraryFile {
    static var url: URL {
        PluginHostSetup.locateExecutable(environment: [:]).deletingLastPathComponent()
            .appendingPathComponent("libPluginCounter.\(PluginStubs.libraryExtension)")
    }
}
