import Foundation

/// This run's `FeatureRun` of each feature: every context the host makes for a feature id lends the same one,
/// so the shell's presenter and every web page's share what belongs to the run (the offer's countdown).
public final class FeatureRuns: Sendable {
    // Contexts are made off the main actor too.
    private let runs = Locked<[FeatureID: FeatureRun]>([:])

    public init() {}

    public func run(for id: FeatureID) -> FeatureRun {
        runs.withLock { runs in
            if let run = runs[id] { return run }
            let run = FeatureRun()
            runs[id] = run
            return run
        }
    }
}
