import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// Stores of one preferences file hear each other's saves (two web pages of one run, a page and the shell), and
/// saves of another process once the host looks; a store never hears its own, nor keys of another prefix.
@MainActor
@Suite struct KeyValueChangeFeedTests {
    /// What an observer heard, in order.
    final class Heard: @unchecked Sendable {
        // @unchecked: only touched on the main actor, where the observers are called and the test reads.
        var changes: [Set<String>] = []
    }

    /// Until every change posted has reached its observers (the feed counts each delivery as in flight).
    private func settle(_ activity: ActivityTracker) async {
        let deadline = Date().addingTimeInterval(TestHost.idleTimeout)
        while activity.inFlight > 0, Date() < deadline { await Task.yield() }
        #expect(activity.inFlight == 0)
    }

    @Test func aSaveIsHeardByTheOtherStoresOfTheFileButNotByItsOwn() async throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let activity = ActivityTracker()
        let feed = KeyValueChangeFeed(suiteFile: suite, activity: activity)
        let (saver, other, elsewhere) = (
            try PlistFileStore(suiteFile: suite, prefix: "transactions.", changes: feed),
            try PlistFileStore(suiteFile: suite, prefix: "transactions.", changes: feed),
            try PlistFileStore(suiteFile: suite, prefix: "invitations.", changes: feed)
        )
        let (bySaver, byOther, byElsewhere) = (Heard(), Heard(), Heard())
        saver.observeChanges(bySaver) { heard, keys in heard.changes.append(keys) }
        other.observeChanges(byOther) { heard, keys in heard.changes.append(keys) }
        elsewhere.observeChanges(byElsewhere) { heard, keys in heard.changes.append(keys) }

        try saver.set(Data("[1]".utf8), forKey: "unpinned-ids")
        await settle(activity)
        #expect(byOther.changes == [["unpinned-ids"]], "the other store of the prefix hears the key, without its prefix")
        #expect(bySaver.changes.isEmpty, "a store does not hear its own save")
        #expect(byElsewhere.changes.isEmpty, "nor does a store of another prefix")
        // A save that changes nothing is no change.
        try saver.set(Data("[1]".utf8), forKey: "unpinned-ids")
        await settle(activity)
        #expect(byOther.changes.count == 1)
    }

    @Test func anotherProcesssSaveIsHeardWhenTheHostLooks() async throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let activity = ActivityTracker()
        let feed = KeyValueChangeFeed(suiteFile: suite, activity: activity)
        let store = try PlistFileStore(suiteFile: suite, prefix: "invitations.", changes: feed)
        let heard = Heard()
        store.observeChanges(heard) { heard, keys in heard.changes.append(keys) }
        // `featurehost store set` in another process: a store of the same file the feed knows nothing of.
        try PlistFileStore(suiteFile: suite, prefix: "invitations.").set(Data("{}".utf8), forKey: "registration")
        #expect(heard.changes.isEmpty, "nobody looked yet")
        #expect(feed.lookNow() == ["invitations.registration"])
        await settle(activity)
        #expect(heard.changes == [["registration"]])
        #expect(feed.lookNow() == [], "looking again finds nothing new")
        try PlistFileStore(suiteFile: suite, prefix: "invitations.").set(nil, forKey: "registration")
        feed.lookForOutsideChanges()
        await settle(activity)
        #expect(heard.changes == [["registration"], ["registration"]], "a removal is a change too")
    }

    @Test func anObserverThatWentAwayHearsNothingAndIsDropped() async throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let activity = ActivityTracker()
        let feed = KeyValueChangeFeed(suiteFile: suite, activity: activity)
        let saver = try PlistFileStore(suiteFile: suite, prefix: "transactions.", changes: feed)
        let other = try PlistFileStore(suiteFile: suite, prefix: "transactions.", changes: feed)
        do {
            let heard = Heard()
            other.observeChanges(heard) { heard, keys in heard.changes.append(keys) }
        }
        try saver.set(Data("[2]".utf8), forKey: "unpinned-ids")
        await settle(activity)
        #expect(activity.inFlight == 0)
    }
}
