import FeatureHostRuntime
import Testing

/// `FEATUREHOST_PLUGIN_DEBUG=1`: a plugin's process may sit at a breakpoint without being stopped as hung.
@Suite struct PluginLimitsDebuggingTests {
    @Test func theVariableMakesEveryDeadlineAnHourAndTurnsOffSlowCallStops() {
        let debugging = PluginLimits.standard.allowingDebugger(environment: ["FEATUREHOST_PLUGIN_DEBUG": "1"])
        let hour = Duration.seconds(3600)
        #expect(
            [debugging.callTimeout, debugging.createTimeout, debugging.loadTimeout, debugging.advanceTimeout, debugging.pingInterval]
                == Array(repeating: hour, count: 5))
        #expect(debugging.slowCallsInARow == 0)
        #expect(debugging.memoryBytes == PluginLimits.standard.memoryBytes, "the memory limit still holds")
        #expect(debugging.frameBytes == PluginLimits.standard.frameBytes, "and every output bound")
    }

    @Test func withoutItOrWithAnotherValueTheLimitsAreAsGiven() {
        var short = PluginLimits()
        short.callTimeout = .milliseconds(10)
        #expect(short.allowingDebugger(environment: [:]) == short)
        #expect(short.allowingDebugger(environment: ["FEATUREHOST_PLUGIN_DEBUG": "yes"]) == short)
    }
}
