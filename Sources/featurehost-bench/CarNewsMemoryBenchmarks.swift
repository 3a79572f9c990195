/// What the car-news page adds to `serve`'s resident memory beside its anchor, the same `serve` idle with no page
/// (issue 37, point 5): the repository's script, `Tests/browser/bench/carnews_memory.py`, run against the
/// `featurehost` built beside this benchmark, for a local feed without pictures (no network: libcurl stays unmapped)
/// and for the bundled sample, whose pictures are on a public https host (their fetch loads the transport).
enum CarNewsMemoryBenchmarks {
    static func run(_ bench: inout Benchmark) {
        BenchScript.run(&bench, suite: "car-news-memory", script: "Tests/browser/bench/carnews_memory.py", arguments: ["--rounds", "3"])
    }
}
