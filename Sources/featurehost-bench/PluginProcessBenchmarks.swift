import CFeatureHostProcess
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI

/// Plugins out of process (`featurehost-plugin-host`), each figure beside its anchor in the same run: virtual
/// time across the process boundary (a tick with horizon batching, and one round trip a tick) against the same
/// plugin in process, the example plugin's simulated hour and day (goal: a day under 1 s), a frame's round trip,
/// a child's start against a bare process start, and its memory.
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
        greetingSnapshots(&bench)
    }

    // MARK: - Virtual time

    /// The C stub (a tick a second, a frame request each) for a simulated hour: in process (the anchor), out of
    /// process with horizon batching (the host has nothing due in between), and out of process with a host timer
    /// every second (so every tick is a round trip of its own).
    @MainActor
    static func stubTicks(_ bench: inout Benchmark, stub: URL, directory: TemporaryDirectory) async {
        var inProcess: [Double] = []
        var batched: [Double] = []
        var roundTrips: [Double] = []
        for _ in 0..<5 {
            guard let one = await hour(stub, isolation: .inProcess, hostTimer: false, directory: directory),
                let two = await hour(stub, isolation: .process, hostTimer: false, directory: directory),
                let three = await hour(stub, isolation: .process, hostTimer: true, directory: directory)
            else {
                bench.report("plugin-process: stub hour", value: "failed: the stub did not tick 3,600 times")
                return
            }
            inProcess.append(one)
            batched.append(two)
            roundTrips.append(three)
        }
        let anchor = median(inProcess) / 3_600 * 1e6
        let batch = median(batched) / 3_600 * 1e6
        let trip = median(roundTrips) / 3_600 * 1e6
        bench.report("plugin-process: stub tick, in process (anchor)", value: String(format: "%.2f µs", anchor))
        bench.report(
            "plugin-process: stub tick, process, batched", value: String(format: "%.2f µs (%.1f× the anchor)", batch, batch / anchor))
        bench.report(
            "plugin-process: stub tick, process, a round trip each",
            value: String(format: "%.2f µs (%.1f× the anchor)", trip, trip / anchor))
    }

    /// Wall seconds for a simulated hour of `library`'s ticks after a minute's warm-up; nil if a tick went missing.
    @MainActor
    static func hour(_ library: URL, isolation: PluginIsolation, hostTimer: Bool, directory: TemporaryDirectory) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "bench-stub"),
            let plugin = load(library, isolation: isolation, dataDirectory: host.directory.url),
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
    /// host's manual clock, through the same bridge the shell uses, in process and out.
    @MainActor
    static func greetingTime(_ bench: inout Benchmark, directory: TemporaryDirectory) async {
        guard let library = greetingLibrary else {
            bench.report(
                "plugin-process: greeting hour and day",
                value: "skipped: build it with (cd Examples/GreetingPlugin && swift build -c release)")
            return
        }
        for (name, seconds) in [("hour", 3_600), ("day", 86_400)] {
            var figures: [PluginIsolation: Double] = [:]
            for isolation in [PluginIsolation.inProcess, .process] {
                var runs: [Double] = []
                for _ in 0..<3 {
                    guard let run = await greeting(library, isolation: isolation, seconds: seconds) else {
                        bench.report("plugin-process: greeting \(name)", value: "failed: the greeting did not tick every second")
                        return
                    }
                    runs.append(run)
                }
                figures[isolation] = median(runs)
            }
            let anchor = figures[.inProcess] ?? 0
            let process = figures[.process] ?? 0
            bench.report("plugin-process: greeting \(name), in process (anchor)", value: String(format: "%.3f s wall", anchor))
            bench.report(
                "plugin-process: greeting \(name), process",
                value: String(format: "%.3f s wall (%.2f× the anchor)%@", process, process / anchor, name == "day" ? "; goal < 1 s" : ""))
        }
    }

    @MainActor
    static func greeting(_ library: URL, isolation: PluginIsolation, seconds: Int) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "greeting", settings: ["name": .string("Bench")]),
            let plugin = load(library, isolation: isolation, dataDirectory: host.directory.url),
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

    /// `featurehost snapshot greeting --advance 86401`, out of process (the default) and in process.
    static func greetingSnapshots(_ bench: inout Benchmark) {
        guard let library = greetingLibrary, let directory = try? TemporaryDirectory("featurehost-bench-greeting"),
            (try? directory.write(
                #"{ "plugins": ["\#(library.path)"], "features": [ { "id": "greeting", "settings": { "name": "Bench" } } ] }"#,
                to: "featurehost.json")) != nil
        else { return }
        for isolation in PluginIsolation.allCases {
            VirtualTimeBenchmarks.timeSnapshot(
                &bench, "plugin-process: snapshot greeting 86401 s, \(isolation.rawValue)", goal: "< 1 s",
                arguments: ["snapshot", "greeting", "--advance", "86401", "--plugin-isolation", isolation.rawValue], in: directory,
                expect: "Open for  24:00:01")
        }
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
            if let plugin = load(stub, isolation: .process, dataDirectory: directory.url) { libraries.append(plugin) }
        }
        if let greeting = greetingLibrary {
            bench.measure("plugin-process: start a child, load the greeting", iterations: 11) {
                if let plugin = load(greeting, isolation: .process, dataDirectory: directory.url) { libraries.append(plugin) }
            }
        }
        if let pid = children(of: libraries).first, let stubRSS = resident(pid) {
            bench.report("plugin-process: child memory, stub loaded", value: ByteCount.approximate(stubRSS))
        }
        libraries.removeAll()
        // The greeting after it appeared (its presenter, scene and timer made), as the shell runs it.
        if let greeting = greetingLibrary, let host = try? TestHost(),
            let context = try? host.context(id: "greeting", settings: ["name": .string("Bench")]),
            let plugin = load(greeting, isolation: .process, dataDirectory: host.directory.url),
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

    /// One 80×24 frame of the C stub: the render call, the copy across, the decode.
    @MainActor
    static func frameRoundTrip(_ bench: inout Benchmark, stub: URL, directory: TemporaryDirectory) async {
        for isolation in [PluginIsolation.inProcess, .process] {
            guard let host = try? TestHost(), let context = try? host.context(id: "bench-stub"),
                let plugin = load(stub, isolation: isolation, dataDirectory: host.directory.url),
                let feature = try? DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
            else { return }
            let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
            feature.handle(.appear)
            let label = isolation == .inProcess ? "in process (anchor)" : "process"
            bench.measure("plugin-process: 80×24 stub frame, \(label)", iterations: 201) { _ = driver.frame() }
        }
    }

    // MARK: - Helpers

    @MainActor
    static func load(_ library: URL, isolation: PluginIsolation, dataDirectory: URL) -> LoadedPlugin? {
        let results = PluginLoader.open(
            [PluginConfiguration(file: library)], isolation: isolation, limits: .standard,
            setup: PluginHostSetup.standard(dataDirectory: dataDirectory, writesLogs: false))
        return try? results.first?.get()
    }

    @MainActor
    static func children(of plugins: [LoadedPlugin]) -> [pid_t] {
        plugins.compactMap { plugin in
            if case .process(let library) = plugin.backend { return library.processID }
            return nil
        }
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
