import Foundation

// `swift run -c release featurehost-bench [FILTER]`: every suite, or those whose name contains FILTER.
#if DEBUG
    print("note: this is a debug build; figures are only meaningful from `swift run -c release featurehost-bench`.")
#endif

@MainActor
func runBenchmarks() async {
    var bench = Benchmark(filter: CommandLine.arguments.dropFirst().first)
    // Each suite is one file of this target: `enum XBenchmarks { static func run(_:) }`.
    // benchmark-suites: begin
    if bench.shouldRun("car-news") { await CarNewsBenchmarks.run(&bench) }
    if bench.shouldRun("car-news-scale") { await CarNewsScaleBenchmarks.run(&bench) }
    if bench.shouldRun("data-sources") { DataSourceBenchmarks.run(&bench) }
    if bench.shouldRun("terminal") { TerminalBenchmarks.run(&bench) }
    if bench.shouldRun("offer-countdown") { await OfferCountdownBenchmarks.run(&bench) }
    if bench.shouldRun("transactions") { await TransactionsBenchmarks.run(&bench) }
    if bench.shouldRun("chats") { await ChatsBenchmarks.run(&bench) }
    if bench.shouldRun("virtual-time") { await VirtualTimeBenchmarks.run(&bench) }
    if bench.shouldRun("web") { await WebBenchmarks.run(&bench) }
    if bench.shouldRun("transactions-web") { await TransactionsWebBenchmarks.run(&bench) }
    if bench.shouldRun("car-news-web") { await CarNewsWebBenchmarks.run(&bench) }
    if bench.shouldRun("invitations-web") { await InvitationsWebBenchmarks.run(&bench) }
    if bench.shouldRun("chats-web") { await ChatsWebBenchmarks.run(&bench) }
    if bench.shouldRun("images") { await ImageCacheBenchmarks.run(&bench) }
    if bench.shouldRun("hostile-web") { await HostileWebBenchmarks.run(&bench) }
    if bench.shouldRun("pictures") { await PictureBenchmarks.run(&bench) }
    if bench.shouldRun("hostile-server") { await HostileServerBenchmarks.run(&bench) }
    if bench.shouldRun("plugin-process") { await PluginProcessBenchmarks.run(&bench) }
    if bench.shouldRun("page-events-web") { await PageEventBenchmarks.run(&bench) }
    if bench.shouldRun("frames") { await FrameBenchmarks.run(&bench) }
    if bench.shouldRun("startup") { StartupBenchmarks.run(&bench) }
    if bench.shouldRun("static") { StaticFileBenchmarks.run(&bench) }
    if bench.shouldRun("car-news-memory") { CarNewsMemoryBenchmarks.run(&bench) }
    if bench.shouldRun("live-config") { LiveConfigBenchmarks.run(&bench) }
    if bench.shouldRun("pin-clicks") { await PinClickBenchmarks.run(&bench) }
    if bench.shouldRun("sessions") { await SessionBenchmarks.run(&bench) }
    if bench.shouldRun("click-latency") { ClickLatencyBenchmarks.run(&bench) }
    // benchmark-suites: end
}

await runBenchmarks()
