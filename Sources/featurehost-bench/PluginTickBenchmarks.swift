import FeatureHostCore
import FeatureHostPluginKit
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI

extension VirtualTimeBenchmarks {
    /// The sample counter (a tick a second, a clock string) for a simulated hour, built in and through the
    /// plugin ABI's C table in this process: the table and the plugin's own manual clock following the host's
    /// are the difference. (A frame request crosses back once per frame the host draws, not per tick: with no
    /// frame drawn during the hour, one.)
    @MainActor
    static func pluginTickAgainstBuiltIn(_ bench: inout Benchmark) async {
        var builtIn: [Double] = []
        var plugin: [Double] = []
        // Interleaved, medians of 5: the two share whatever else the machine is doing.
        for _ in 0..<5 {
            guard let one = await counterHour(throughTable: false), let other = await counterHour(throughTable: true) else {
                bench.report("virtual-time: plugin tick", value: "failed: the counter did not tick 3,600 times")
                return
            }
            builtIn.append(one)
            plugin.append(other)
        }
        let builtInTick = builtIn.sorted()[2] / 3_600 * 1e6
        let pluginTick = plugin.sorted()[2] / 3_600 * 1e6
        bench.report("virtual-time: built-in counter, CPU per tick", value: String(format: "%.2f µs", builtInTick))
        bench.report("virtual-time: same counter as a plugin, CPU per tick", value: String(format: "%.2f µs", pluginTick))
        bench.report("virtual-time: plugin tick ÷ built-in tick", value: String(format: "%.2f× (goal ≤ 2)", pluginTick / builtInTick))
    }

    /// CPU seconds for one simulated hour of the counter, after a minute's warm-up; nil if a tick went missing.
    @MainActor
    private static func counterHour(throughTable: Bool) async -> Double? {
        guard let host = try? TestHost(), let context = try? host.context(id: "sample-counter") else { return nil }
        let feature: any TerminalFeature
        do {
            if throughTable {
                let table = PluginExport.table(for: SampleCounterFeature<SampleCounter>.self)
                let plugin = try PluginLoader.plugin(from: table, file: URL(fileURLWithPath: "/in-process/libCounter.so"))
                feature = try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
            } else {
                feature = try SampleCounterFeature<SampleCounter>(context: context)
            }
        } catch {
            return nil
        }
        let scene = feature.makeScene()
        feature.handle(.appear)
        await host.clock.advance(by: .seconds(60))
        let cpu = ProcessCPUTime.now()
        await host.clock.advance(by: .seconds(3_600))
        let seconds = ProcessCPUTime.now() - cpu
        // Every tick arrived: the frame shows the hour and the minute.
        return scene.render(size: Size(width: 40, height: 8)).plainText().contains("Seconds: 3660") ? seconds : nil
    }
}
