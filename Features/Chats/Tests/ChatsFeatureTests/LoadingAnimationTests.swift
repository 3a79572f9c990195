import Testing

@testable import ChatsFeature

@Suite("The loading timeline at exact instants")
struct LoadingAnimationTests {
    let animation = LoadingAnimation(timing: .standard)

    @Test func loaderDissolvesBetweenFramesEveryTenthOfASecond() {
        #expect(animation.loader(at: .zero) == LoaderState(frameIndex: 0, nextFrameIndex: 1, dissolve: 0, frameCount: 6))
        #expect(animation.loader(at: .milliseconds(50)) == LoaderState(frameIndex: 0, nextFrameIndex: 1, dissolve: 0.5, frameCount: 6))
        #expect(animation.loader(at: .milliseconds(125)) == LoaderState(frameIndex: 1, nextFrameIndex: 2, dissolve: 0.25, frameCount: 6))
        // Frame 5 dissolves back into frame 0: a loop.
        #expect(animation.loader(at: .milliseconds(575)) == LoaderState(frameIndex: 5, nextFrameIndex: 0, dissolve: 0.75, frameCount: 6))
        #expect(animation.loader(at: .milliseconds(600)) == LoaderState(frameIndex: 0, nextFrameIndex: 1, dissolve: 0, frameCount: 6))
        #expect(animation.loader(at: .seconds(2)) == LoaderState(frameIndex: 2, nextFrameIndex: 3, dissolve: 0, frameCount: 6))
    }

    @Test func handOverScalesAndFadesTheLayers() {
        let handOver = Duration.seconds(2)
        #expect(animation.transitionProgress(at: .seconds(2), handOver: handOver) == 0)
        #expect(animation.transitionProgress(at: .milliseconds(2150), handOver: handOver) == 0.5)
        #expect(animation.transitionProgress(at: .milliseconds(2300), handOver: handOver) == 1)
        #expect(animation.transitionProgress(at: .milliseconds(1999), handOver: handOver) == 0)

        let start = animation.layers(progress: 0)
        #expect(start.loading == LayerState(scale: 1, opacity: 1))
        #expect(start.list == LayerState(scale: 0.7, opacity: 1))
        let middle = animation.layers(progress: 0.5)
        #expect(middle.loading == LayerState(scale: 1.1, opacity: 0.5))
        #expect(middle.list == LayerState(scale: 0.85, opacity: 1))
        let end = animation.layers(progress: 1)
        #expect(end.loading == LayerState(scale: 1.2, opacity: 0))
        #expect(end.list == LayerState(scale: 1, opacity: 1))
        // Ease-in-out: slower than linear at first.
        let early = animation.layers(progress: 0.25)
        #expect(early.loading == LayerState(scale: 1.03125, opacity: 0.84375))
        #expect(early.list == LayerState(scale: 0.746875, opacity: 1))
    }

    @Test func deadlinesStepTheLoaderThenTheHandOverThenStop() {
        #expect(animation.nextDeadline(after: .zero, handOver: nil) == .milliseconds(25))
        #expect(animation.nextDeadline(after: .milliseconds(25), handOver: nil) == .milliseconds(50))
        // Waiting for data: the loader keeps going past 2.0 s.
        #expect(animation.nextDeadline(after: .seconds(2), handOver: nil) == .milliseconds(2025))
        #expect(animation.nextDeadline(after: .milliseconds(1990), handOver: .seconds(2)) == .seconds(2))
        #expect(animation.nextDeadline(after: .seconds(2), handOver: .seconds(2)) == .milliseconds(2025))
        #expect(animation.nextDeadline(after: .milliseconds(2140), handOver: .seconds(2)) == .milliseconds(2150))
        #expect(animation.nextDeadline(after: .milliseconds(2290), handOver: .seconds(2)) == .milliseconds(2300))
        #expect(animation.nextDeadline(after: .milliseconds(2300), handOver: .seconds(2)) == nil)
        // A hand-over that starts off the loader's grid (data arrived at 3.01 s) is its own step.
        #expect(animation.nextDeadline(after: .milliseconds(3010), handOver: .milliseconds(3010)) == .milliseconds(3035))
    }

    @Test func settingsAdjustTheTimings() {
        let slow = LoadingAnimation(timing: ChatsSettings(frameDuration: 0.25, loadingDuration: 1, transitionDuration: 0.5))
        #expect(slow.loader(at: .milliseconds(125)) == LoaderState(frameIndex: 0, nextFrameIndex: 1, dissolve: 0.5, frameCount: 6))
        #expect(slow.transitionProgress(at: .milliseconds(1250), handOver: .seconds(1)) == 0.5)
        let instant = LoadingAnimation(timing: ChatsSettings(frameDuration: 0.1, loadingDuration: 2, transitionDuration: 0))
        #expect(instant.transitionProgress(at: .seconds(2), handOver: .seconds(2)) == 1)
        #expect(instant.nextDeadline(after: .seconds(2), handOver: .seconds(2)) == nil)
    }
}
