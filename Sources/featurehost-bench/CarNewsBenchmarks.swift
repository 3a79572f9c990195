import Foundation

/// Car news: filled in below.
enum CarNewsBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {}
}
