import FeatureHostCore

/// The loading screen and the hand-over to the list as pure functions of elapsed time, so any instant can
/// be computed exactly and every surface draws the same values.
///
/// Time runs from the moment the loading screen appeared. The loader loops through its frames, each step a
/// cross-dissolve of `frameDuration`. The hand-over starts at `handOver` (the later of `loadingDuration` and
/// the moment the data was ready) and lasts `transitionDuration`: the loading screen scales 100 % → 120 %
/// and fades 1 → 0; the list behind it scales 70 % → 100 % and stays fully opaque. Both follow an
/// ease-in-out curve, as UIKit animations do by default.
public struct LoadingAnimation: Sendable, Equatable {
    public let timing: ChatsSettings

    public init(timing: ChatsSettings) { self.timing = timing }

    public static let loadingScaleEnd = 1.2
    public static let listScaleStart = 0.7

    /// The loader at `elapsed`: the frame shown, the next one and how far the dissolve into it has gone.
    public func loader(at elapsed: Duration) -> LoaderState {
        let step = max(1, timing.frameDuration.nanoseconds)
        let t = max(0, elapsed.nanoseconds)
        let position = t / step
        let count = Int64(timing.loaderFrameCount)
        let index = Int(position % count)
        return LoaderState(
            frameIndex: index, nextFrameIndex: (index + 1) % timing.loaderFrameCount,
            dissolve: Self.presentation(Double(t % step) / Double(step)), frameCount: timing.loaderFrameCount)
    }

    /// Linear progress of the hand-over at `elapsed` (0 before it starts, 1 once it has ended).
    public func transitionProgress(at elapsed: Duration, handOver: Duration) -> Double {
        let duration = timing.transitionDuration.nanoseconds
        let into = elapsed.nanoseconds - handOver.nanoseconds
        guard into >= 0 else { return 0 }
        guard duration > 0, into < duration else { return 1 }
        return Double(into) / Double(duration)
    }

    /// The two layers at linear `progress`.
    public func layers(progress: Double) -> (loading: LayerState, list: LayerState) {
        let eased = Self.easeInOut(min(1, max(0, progress)))
        let loading = LayerState(
            scale: Self.presentation(1 + (Self.loadingScaleEnd - 1) * eased), opacity: Self.presentation(1 - eased))
        let list = LayerState(scale: Self.presentation(Self.listScaleStart + (1 - Self.listScaleStart) * eased), opacity: 1)
        return (loading, list)
    }

    /// The next instant after `elapsed` at which the picture changes, or `nil` when nothing moves any more.
    /// - Parameter handOver: when the hand-over starts, once known (data ready); `nil` while still waiting.
    public func nextDeadline(after elapsed: Duration, handOver: Duration?) -> Duration? {
        let now = elapsed.nanoseconds
        if let handOver {
            let start = handOver.nanoseconds
            let end = start + timing.transitionDuration.nanoseconds
            if now >= end { return nil }
            if now < start {
                return .nanoseconds(min(start, Self.nextMultiple(of: loaderTick, after: now)))
            }
            let tick = max(1, timing.transitionDuration.nanoseconds / Int64(timing.samplesPerTransition))
            return .nanoseconds(min(end, start + Self.nextMultiple(of: tick, after: now - start)))
        }
        return .nanoseconds(Self.nextMultiple(of: loaderTick, after: now))
    }

    /// The loader's sampling interval: `samplesPerDissolve` per cross-dissolve.
    var loaderTick: Int64 { max(1, timing.frameDuration.nanoseconds / Int64(timing.samplesPerDissolve)) }

    static func nextMultiple(of step: Int64, after value: Int64) -> Int64 {
        (value / step + 1) * step
    }

    /// Smoothstep: 0 → 0, ½ → ½, 1 → 1, with zero slope at both ends.
    static func easeInOut(_ p: Double) -> Double { p * p * (3 - 2 * p) }

    /// Values rounded to a millionth, so view states compare equal across platforms and read as written.
    static func presentation(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}

/// The progress indicator at one instant: frame `frameIndex` dissolving into `nextFrameIndex` by `dissolve`
/// (0 = only `frameIndex` visible, 1 = only `nextFrameIndex`).
public struct LoaderState: Sendable, Equatable {
    public var frameIndex: Int
    public var nextFrameIndex: Int
    public var dissolve: Double
    public var frameCount: Int

    public init(frameIndex: Int, nextFrameIndex: Int, dissolve: Double, frameCount: Int) {
        self.frameIndex = frameIndex
        self.nextFrameIndex = nextFrameIndex
        self.dissolve = dissolve
        self.frameCount = frameCount
    }
}

/// A screen layer's transform: `scale` around the screen's centre (1 = 100 %) and `opacity` (1 = opaque).
public struct LayerState: Sendable, Equatable {
    public var scale: Double
    public var opacity: Double

    public init(scale: Double, opacity: Double) {
        self.scale = scale
        self.opacity = opacity
    }

    public static let identity = LayerState(scale: 1, opacity: 1)
}
