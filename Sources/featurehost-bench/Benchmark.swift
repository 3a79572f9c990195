import Foundation

/// Runs a block repeatedly and reports the median wall time, so one slow run (a page fault, the other core
/// busy) does not move the figure.
struct Benchmark {
    struct Result {
        let name: String
        let medianMicroseconds: Double
        let iterations: Int
        let note: String?
    }

    private(set) var results: [Result] = []
    let filter: String?

    init(filter: String?) { self.filter = filter }

    func shouldRun(_ suite: String) -> Bool {
        guard let filter else { return true }
        return suite.localizedCaseInsensitiveContains(filter)
    }

    /// Measures `body` `iterations` times (after one warm-up run) and records the median.
    @discardableResult
    mutating func measure(_ name: String, iterations: Int = 15, note: String? = nil, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        samples.sort()
        let median = samples[samples.count / 2]
        record(Result(name: name, medianMicroseconds: median, iterations: iterations, note: note))
        return median
    }

    /// Async variant for work that must run on the main actor or await.
    @MainActor
    @discardableResult
    mutating func measureAsync(_ name: String, iterations: Int = 15, note: String? = nil, _ body: () async throws -> Void) async rethrows
        -> Double
    {
        try await body()
        var samples: [Double] = []
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        samples.sort()
        let median = samples[samples.count / 2]
        record(Result(name: name, medianMicroseconds: median, iterations: iterations, note: note))
        return median
    }

    /// Records a figure that is not a time (a count of frames, bytes written).
    mutating func report(_ name: String, value: String) {
        print("\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(value)")
    }

    private mutating func record(_ result: Result) {
        results.append(result)
        let figure: String
        if result.medianMicroseconds >= 10_000 {
            figure = String(format: "%.2f ms", result.medianMicroseconds / 1000)
        } else {
            figure = String(format: "%.1f µs", result.medianMicroseconds)
        }
        let note = result.note.map { "  (\($0))" } ?? ""
        print("\(result.name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(figure) median of \(result.iterations)\(note)")
    }
}

/// CPU time (user + system) of the whole process, in seconds.
enum ProcessCPUTime {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
