import ChatsFixtures
import DataSources
import FeatureHostCore
import Foundation
import Testing

@testable import ChatsFeature

/// The model alone, a value: each action's effect on it, the work it asks for and the deadlines it gives the
/// timer, with no presenter, clock or I/O.
@Suite struct ChatsModelTests {
    static let a = URL(string: "http://img.example/a.png")!
    static let b = URL(string: "http://img.example/b.png")!
    static let start = Fixtures.start
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

    /// 40 chats: `a` on rows 0 and 31, `b` on row 30.
    static let chats: [Chat] = (0..<40).map { index in
        let avatar = index == 0 || index == 31 ? a.absoluteString : index == 30 ? b.absoluteString : ""
        return Chat(
            identifier: index, fullname: "Person \(index)", avatarURL: avatar, message: "Hi", unreadMessagesCount: index,
            sendingDate: start.addingTimeInterval(Double(-60 * (index + 1))))
    }

    func model() -> ChatsModel { ChatsModel(timing: .standard, calendar: Self.utc, date: Self.start) }

    /// Appeared at zero and loaded at `at`.
    func loaded(at: Duration = .zero) -> ChatsModel {
        var model = model()
        _ = model.apply(.lifecycle(.appear), at: .zero, date: Self.start)
        _ = model.apply(.finishedLoading(.success(Loaded(Self.chats))), at: at, date: Self.start)
        return model
    }

    @Test func appearAsksForTheLoadOnceAndNothingElseDoesBeforeIt() {
        var model = model()
        #expect(model.apply(.reload, at: .zero, date: Self.start) == [], "nothing to reload before the feature appeared")
        #expect(model.apply(.select(index: 3), at: .zero, date: Self.start) == [])
        #expect(model.apply(.rowsVisible(0..<3), at: .zero, date: Self.start) == [])
        #expect(model.started == nil && model.nextDeadline(at: .zero, date: Self.start) == nil)
        #expect(model.apply(.lifecycle(.appear), at: .seconds(1), date: Self.start) == [.load])
        #expect(model.apply(.lifecycle(.appear), at: .seconds(2), date: Self.start) == [])
        #expect(model.started == .seconds(1) && model.isLoading)
        #expect(model.apply(.reload, at: .seconds(10), date: Self.start) == [], "the list is not shown before the data")
    }

    @Test func theLoadDecidesTheHandOverAndAsksForTheAvatarsAroundTheSelection() {
        var model = model()
        _ = model.apply(.lifecycle(.appear), at: .zero, date: Self.start)
        // During the launch screen: the whole loading screen still shows.
        #expect(
            model.apply(.finishedLoading(.success(Loaded(Self.chats))), at: .milliseconds(100), date: Self.start)
                == [.fetchAvatar(Self.a)])
        #expect(model.handOver == .seconds(2))
        #expect(model.unreadCount == 780)
        #expect(model.avatars == [Self.a: .loading])
        // Late data: the hand-over starts when it came (3.01 s into the loading screen).
        var late = self.model()
        _ = late.apply(.lifecycle(.appear), at: .zero, date: Self.start)
        _ = late.apply(.finishedLoading(.failure(FeatureError("gone"))), at: .milliseconds(3_510), date: Self.start)
        #expect(late.handOver == .milliseconds(3_010))
        #expect(late.loadError == "gone")
    }

    @Test func theSelectionMovesTheAvatarWindowAndCancelsWhatLeftIt() {
        var model = loaded()
        #expect(model.apply(.select(index: 30), at: .zero, date: Self.start) == [.fetchAvatar(Self.b)])
        #expect(model.apply(.select(index: 0), at: .zero, date: Self.start) == [.cancelAvatar(Self.b)])
        #expect(model.avatars == [Self.a: .loading])
        #expect(model.apply(.rowsVisible(28..<32), at: .zero, date: Self.start) == [.fetchAvatar(Self.b)])
        #expect(model.apply(.finishedAvatar(Self.b, .failure(ImageFailure("404"))), at: .zero, date: Self.start) == [])
        #expect(model.avatars[Self.b] == .failed("404"))
        // A failure is not retried by moving about, a selection past the end stops there.
        #expect(model.apply(.moveSelection(by: .max), at: .zero, date: Self.start) == [])
        #expect(model.selectedIndex == 39)
        #expect(model.apply(.moveSelection(by: .min), at: .zero, date: Self.start) == [])
        #expect(model.selectedIndex == 0)
        // A finished fetch nobody waits for any more changes nothing.
        #expect(
            model.apply(
                .finishedAvatar(Self.b, .success(ImageReference(key: "k", contentType: "image/png", byteCount: 1))), at: .zero,
                date: Self.start) == [])
        #expect(model.avatars[Self.b] == .failed("404"))
    }

    @Test func aReloadOnTheListRetriesFailedAvatarsAndKeepsTheSelectedChat() {
        var model = loaded()
        _ = model.apply(.rowsVisible(28..<32), at: .zero, date: Self.start)
        _ = model.apply(.finishedAvatar(Self.b, .failure(ImageFailure("404"))), at: .zero, date: Self.start)
        _ = model.apply(.select(index: 5), at: .zero, date: Self.start)
        #expect(model.apply(.reload, at: .milliseconds(2_799), date: Self.start) == [], "still handing over")
        #expect(model.apply(.reload, at: .milliseconds(2_800), date: Self.start) == [.load, .fetchAvatar(Self.b)])
        #expect(model.apply(.reload, at: .seconds(3), date: Self.start) == [], "one load at a time")
        // The chat selected (id 5) moved down a row.
        let newer = Chat(identifier: 99, fullname: "New", avatarURL: "", message: "Hi", unreadMessagesCount: 0, sendingDate: Self.start)
        let later = Self.start.addingTimeInterval(3)
        #expect(model.apply(.finishedLoading(.success(Loaded([newer] + Self.chats))), at: .seconds(3), date: later) == [])
        #expect(model.selectedIndex == 6)
        #expect(model.referenceDate == later)
        #expect(model.handOver == .seconds(2), "the hand-over happens once")
        // A failed reload keeps the chats and says why.
        _ = model.apply(.reload, at: .seconds(4), date: later)
        _ = model.apply(.finishedLoading(.failure(FeatureError("offline"))), at: .seconds(4), date: later)
        #expect(model.refreshError == "offline" && model.chats?.count == 41)
    }

    @Test func theScreenAndTheDeadlinesFollowTheTimeline() {
        let model = loaded()
        #expect(model.screen(at: .milliseconds(499)) == .launch)
        #expect(model.nextDeadline(at: .milliseconds(100), date: Self.start) == .milliseconds(500))
        #expect(model.screen(at: .milliseconds(500)) == .loading)
        #expect(model.nextDeadline(at: .milliseconds(500), date: Self.start) == .milliseconds(525))
        #expect(model.screen(at: .milliseconds(2_500)) == .transition)
        #expect(model.nextDeadline(at: .milliseconds(2_790), date: Self.start) == .milliseconds(2_800))
        #expect(model.screen(at: .milliseconds(2_800)) == .list)
        // On the list: the next local midnight (12:34:00 → 00:00:00 is 41,160 s), a millisecond late.
        #expect(model.nextDeadline(at: .milliseconds(2_800), date: Self.start) == .milliseconds(2_800 + 41_160_001))
        #expect(model.viewState(at: .milliseconds(2_800), formatter: Fixtures.formatter()).screen == .list)
    }

    @Test func midnightMovesTheReferenceDateAndTheForegroundCatchesUp() {
        var model = loaded()
        let beforeMidnight = Self.start.addingTimeInterval(41_159)
        #expect(model.apply(.tick, at: .seconds(41_159), date: beforeMidnight) == [])
        #expect(model.referenceDate == Self.start)
        let afterMidnight = Self.start.addingTimeInterval(41_160.001)
        _ = model.apply(.tick, at: .seconds(41_160), date: afterMidnight)
        #expect(model.referenceDate == afterMidnight)

        #expect(model.isTimed)
        _ = model.apply(.lifecycle(.didEnterBackground), at: .seconds(41_161), date: afterMidnight)
        #expect(!model.isTimed)
        let back = afterMidnight.addingTimeInterval(60)
        _ = model.apply(.lifecycle(.willEnterForeground), at: .seconds(41_221), date: back)
        #expect(model.isTimed && model.referenceDate == back)
    }

    @Test func avatarRowsAreAWindowAroundTheSelectionAndTheRowsOnScreen() {
        #expect(ChatsModel.avatarRows(selected: 0, visible: 0..<0, count: 100_000) == [0..<20, 0..<0])
        #expect(ChatsModel.avatarRows(selected: 50, visible: 48..<53, count: 100_000) == [30..<70, 48..<53])
        #expect(ChatsModel.avatarRows(selected: 3, visible: 0..<9, count: 5) == [0..<5, 0..<5])
        #expect(ChatsModel.avatarRows(selected: 99, visible: 95..<120, count: 100) == [79..<100, 95..<100])
        #expect(ChatsModel.avatarRows(selected: 0, visible: 0..<4, count: 0) == [])
    }
}
