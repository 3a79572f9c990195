import CFeatureHostProcess
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI

/// Plugins in their processes (`featurehost-plugin-host`), each figure beside its anchor in the same run: virtual
/// time across the process boundary (a tick with horizon batching, and one round trip a tick) against the sample
/// counter built in, the example plugin's simulated hour and day against the same span of the built-in counter
/// (goal: a day under 1 s), a frame's round trip against a built-in feature's frame, a child's start against a bare
/// process start, and its memory.
enum PluginProcessBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let directory = try? TemporaryDirectory("featurehost-bench-plugin-process") else { return }
        guard FileManager.default.isExecutableFile(atPath: PluginHostSetup.locateExecutable(environment: [:]).path) else {
            bench.report("plugin-process", value: "skipped: featurehost-plugin-host is not beside the benchmark")
            return
        }
        guard
            let stub = try? await PluginStubs.build(
                MisbehavingPluginStub.source(id: "bench-stub", title: "Stub", []), named: "benchstub", in: directory.url)
        else {
            bench.report("plugin-process", value: "skipped: no C compiler for the stub")
            return
        }
        await stubTicks(&bench, stub: stub, directory: directory)
        await greetingTime(&bench, directory: directory)
        childStart(&bench, stub: stub, directory: directory)
        await frameRoundTrip(&bench, stub: stub, directory: directory)
    }

    // MARK: - Virtual time

    /// The C stub (a tick a second, a frame request each) for a simulated hour: with horizon batching (the host has
    /// nothing due in between), and with a host timer every second (so every tick is a round trip of its own); the
    /// anchor is the sample counter built in, a tick a second on the same clock.
    @MainActor
    static func stubTicks(_ bench: inout Benchmark, stub: URL, directory: TemporaryDirectory) async {
        var builtIn: [Double] = []
        var batched: [Double] = []
        var roundTrips: [Double] = []
        for _ in 0..<5 {
            guard let one = await builtInCounter(seconds: 3_600),
                let two = await hour(stub, hostTimer: false, directory: directory),
                let three = await hour(stub, hostTimer: true, directory: directory)
            else {
                bench.report("plugin-process: stub hour", value: "failed: a tick went missing")
                return
            }
            builtIn.append(one)
            batched.append(two)
            roundTrips.append(three)
        }
        let anchor = median(builtIn) / 3_600 * 1e6
        let batch = median(batched) / 3_600 * 1e6
        let trip = median(roundTrips) / 3_600 * 1e6
        bench.report("plugin-process: sample counter tick, built in (anchor)", value: String(format: "%.2f µs", anchor))
        bench.report(
            "plugin-process: stub tick, process, batched", value: String(format: "%.2f µs (%.1f× the anchor)", batch, batch / anchor))
        bench.report(
            "plugin-process: stub tick, process, a round trip each",
            value: String(format: "%.2f µs (%.1f× the anchor)", trip, trip / anchor))
    }

    /// Wall seconds for `seconds` simulated of the sample counter built in, after a minute's warm-up; nil if a tick
    /// went missing.
    @MainActor
    static func builtInCounter(seconds: Int) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "sample-counter"),
            let feature = try? SampleCounterFeature<SampleCounter>(context: context)
        else { return nil }
        let scene = feature.makeScene()
        feature.handle(.appear)
        await host.clock.advance(by: .seconds(60))
        let start = DispatchTime.now().uptimeNanoseconds
        await host.clock.advance(by: .seconds(seconds))
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return scene.render(size: Size(width: 40, height: 8)).plainText().contains("Seconds: \(seconds + 60)") ? wall : nil
    }

    /// Wall seconds for a simulated hour of `library`'s ticks after a minute's warm-up; nil if a tick went missing.
    @MainActor
    static func hour(_ library: URL, hostTimer: Bool, directory: TemporaryDirectory) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "bench-stub"),
            let plugin = load(library, dataDirectory: host.directory.url),
            let feature = try? DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        else { return nil }
        let effects = EffectRunner(activity: host.activity)
        if hostTimer {
            let timeline = MonotonicTimeline(clock: host.clock)
            var ticks = 0
            // Half a second after each plugin tick: nothing of the plugin's can be batched past it.
            effects.timer("host", on: timeline, nextDeadline: { .milliseconds(500 + 1000 * ticks) }, fire: { ticks += 1 })
        }
        _ = feature.makeScene()
        let before = feature.instance.frameRequests
        feature.handle(.appear)
        await host.clock.advance(by: .seconds(60))
        let start = DispatchTime.now().uptimeNanoseconds
        await host.clock.advance(by: .seconds(3_600))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return feature.instance.frameRequests - before == 3_660 ? seconds : nil
    }

    /// The example plugin (`Examples/GreetingPlugin`, its own copy of the core) for a simulated hour and day on the
    /// host's manual clock, through the same bridge the shell uses, beside the built-in counter over the same span.
    @MainActor
    static func greetingTime(_ bench: inout Benchmark, directory: TemporaryDirectory) async {
        guard let library = greetingLibrary else {
            bench.report(
                "plugin-process: greeting hour and day",
                value: "skipped: build it with (cd Examples/GreetingPlugin && swift build -c release)")
            return
        }
        for (name, seconds) in [("hour", 3_600), ("day", 86_400)] {
            var anchors: [Double] = []
            var runs: [Double] = []
            for _ in 0..<3 {
                guard let anchor = await builtInCounter(seconds: seconds), let run = await greeting(library, seconds: seconds) else {
                    bench.report("plugin-process: greeting \(name)", value: "failed: a tick went missing")
                    return
                }
                anchors.append(anchor)
                runs.append(run)
            }
            let anchor = median(anchors)
            let process = median(runs)
            bench.report("plugin-process: sample counter \(name), built in (anchor)", value: String(format: "%.3f s wall", anchor))
            bench.report(
                "plugin-process: greeting \(name), process",
                value: String(format: "%.3f s wall (%.2f× the anchor)%@", process, process / anchor, name == "day" ? "; goal < 1 s" : ""))
        }
    }

    @MainActor
    static func greeting(_ library: URL, seconds: Int) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "greeting", settings: ["name": .string("Bench")]),
            let plugin = load(library, dataDirectory: host.directory.url),
            let feature = try? DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        else { return nil }
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        feature.handle(.appear)
        let start = DispatchTime.now().uptimeNanoseconds
        await host.clock.advance(by: .seconds(seconds))
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let hours = String(format: "%02d:00:00", seconds / 3_600)
        return driver.text().contains("Open for  \(hours)") ? wall : nil
    }

    static var greetingLibrary: URL? {
        let library =
            ProcessInfo.processInfo.environment["FEATUREHOST_EXAMPLE_PLUGIN"].map { URL(fileURLWithPath: $0) }
            ?? PluginStubs.repository.appendingPathComponent(
                "Examples/GreetingPlugin/.build/release/libGreeting.\(PluginStubs.libraryExtension)")
        return FileManager.default.fileExists(atPath: library.path) ? library : nil
    }

    // MARK: - Start-up, frames, memory

    /// A child's start (spawn, the runtime, `dlopen`, the manifest) against a bare `posix_spawn` of `/bin/true`.
    @MainActor
    static func childStart(_ bench: inout Benchmark, stub: URL, directory: TemporaryDirectory) {
        bench.measure("plugin-process: spawn /bin/true and reap it (anchor)", iterations: 21) {
            var pid: pid_t = 0
            var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            defer { free(arguments[0]) }
            let status = arguments.withUnsafeMutableBufferPointer { argv in
                featurehost_spawn("/bin/true", argv.baseAddress, environ, 1, 2, &pid)
            }
            if status == 0 { waitpid(pid, nil, 0) }
        }
        var libraries: [LoadedPlugin] = []
        bench.measure("plugin-process: start a child, load the stub", iterations: 21) {
            if let plugin = load(stub, dataDirectory: directory.url) { libraries.append(plugin) }
        }
        if let greeting = greetingLibrary {
            bench.measure("plugin-process: start a child, load the greeting", iterations: 11) {
                if let plugin = load(greeting, dataDirectory: directory.url) { libraries.append(plugin) }
            }
        }
        if let pid = children(of: libraries).first, let stubRSS = resident(pid) {
            bench.report("plugin-process: child memory, stub loaded", value: ByteCount.approximate(stubRSS))
        }
        libraries.removeAll()
        // The greeting after it appeared (its presenter, scene and timer made), as the shell runs it.
        if let greeting = greetingLibrary, let host = try? TestHost(),
            let context = try? host.context(id: "greeting", settings: ["name": .string("Bench")]),
            let plugin = load(greeting, dataDirectory: host.directory.url),
            let feature = try? DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        {
            let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
            feature.handle(.appear)
            _ = driver.text()
            if let pid = children(of: [plugin]).first, let rss = resident(pid) {
                bench.report("plugin-process: child memory, greeting running", value: ByteCount.approximate(rss))
            }
            bench.report(
                "plugin-process: this benchmark's memory (anchor)", value: resident(getpid()).map { ByteCount.approximate($0) } ?? "?")
        }
    }

    /// One 80×24 frame of the C stub: the render call, the copy across, the decode; the anchor is the sample
    /// counter's frame built in.
    @MainActor
    static func frameRoundTrip(_ bench: inout Benchmark, stub: URL, directory: TemporaryDirectory) async {
        let size = Size(width: 80, height: 24)
        if let host = try? TestHost(), let context = try? host.context(id: "sample-counter"),
            let feature = try? SampleCounterFeature<SampleCounter>(context: context)
        {
            let driver = TextDriver(scene: feature.makeScene(), size: size)
            feature.handle(.appear)
            bench.measure("plugin-process: 80×24 sample counter frame, built in (anchor)", iterations: 201) { _ = driver.frame() }
        }
        guard let host = try? TestHost(), let context = try? host.context(id: "bench-stub"),
            let plugin = load(stub, dataDirectory: host.directory.url),
            let feature = try? DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        else { return }
        let driver = TextDriver(scene: feature.makeScene(), size: size)
        feature.handle(.appear)
        bench.measure("plugin-process: 80×24 stub frame, process", iterations: 201) { _ = driver.frame() }
    }

    // MARK: - Helpers

    @MainActor
    static func load(_ library: URL, dataDirectory: URL) -> LoadedPlugin? {
        let results = PluginLoader.open(
            [PluginConfiguration(file: library)], limits: .standard,
            setup: PluginHostSetup.standard(dataDirectory: dataDirectory, writesLogs: false))
        return try? results.first?.get()
    }

    @MainActor
    static func children(of plugins: [LoadedPlugin]) -> [pid_t] {
        plugins.compactMap { $0.library.processID }
    }

    /// Resident memory from /proc (Linux).
    static func resident(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
