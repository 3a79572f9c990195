/// Save to screen (issue 32): from a config saved as editors save (renamed over the old one) to the change on an
/// open home page's event stream and on the shell's screen in a pseudo-terminal, beside a bare inotify watch of the
/// same folder (the anchor), by `Tests/browser/bench/live_config.py`. Goal: within a second on both surfaces.
enum LiveConfigBenchmarks {
    static func run(_ bench: inout Benchmark) {
        BenchScript.run(&bench, suite: "live-config", script: "Tests/browser/bench/live_config.py", arguments: ["--rounds", "15"])
    }
}
