import Testing

@testable import FeatureHostRuntime

/// One key on its way to a plugin, the rest in order behind it, at most the cap: however long keys come faster than
/// the plugin answers, the queue holds no more.
@Suite struct KeyQueueTests {
    @Test func keysGoOneAtATimeInOrderAndPastTheCapAreDroppedWithOneNotePerFlood() {
        var queue = KeyQueue()
        #expect(queue.arrive([1], limit: 2) == .send)
        #expect(queue.arrive([2], limit: 2) == .queued)
        #expect(queue.arrive([3], limit: 2) == .queued)
        #expect(queue.arrive([4], limit: 2) == .dropped(first: true))
        #expect(queue.arrive([5], limit: 2) == .dropped(first: false))
        #expect(queue.answered() == [2])
        #expect(queue.arrive([6], limit: 2) == .queued, "room again, in the same flood")
        #expect(queue.arrive([7], limit: 2) == .dropped(first: false))
        #expect(queue.answered() == [3])
        #expect(queue.answered() == [6])
        #expect(queue.answered() == nil)
        #expect(!queue.isSending)
        #expect(queue.dropped == 3)
        #expect(queue.arrive([8], limit: 2) == .send)
        #expect(queue.arrive([9], limit: 2) == .queued)
        #expect(queue.arrive([10], limit: 2) == .queued)
        #expect(queue.arrive([11], limit: 2) == .dropped(first: true), "a new flood is noted again")
    }

    @Test func aQueueThatNeverEmptiesStaysAtItsCap() {
        var queue = KeyQueue()
        _ = queue.arrive([0], limit: 4)
        for key in 1...10_000 {
            _ = queue.arrive([UInt8(truncatingIfNeeded: key)], limit: 4)
            if key.isMultiple(of: 3) { _ = queue.answered() }
            #expect(queue.count <= 4)
        }
    }

    @Test func aResetSendsNothingOfTheOldInstanceAndKeepsTheCount() {
        var queue = KeyQueue()
        _ = queue.arrive([1], limit: 1)
        _ = queue.arrive([2], limit: 1)
        _ = queue.arrive([3], limit: 1)
        let epoch = queue.epoch
        #expect(queue.reset() == 1)
        #expect(queue.epoch != epoch, "a reply to the old instance's key is recognised")
        #expect(!queue.isSending && queue.count == 0 && queue.dropped == 1)
        #expect(queue.arrive([4], limit: 1) == .send)
    }
}
