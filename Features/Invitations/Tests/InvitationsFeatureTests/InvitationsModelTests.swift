import FeatureHostCore
import Testing

@testable import InvitationsFeature

/// The model alone, a value: each action's effect on it and the work it asks for, with no presenter, clock or I/O.
@Suite struct InvitationsModelTests {
    static let jane = Invitation(name: "Jane Doe", email: "jane@example.com")

    /// The form open and filled with Jane's details, focus on Send.
    func filled(_ saved: SavedRegistration = SavedRegistration()) -> InvitationsModel {
        var model = InvitationsModel(saved: saved)
        for action: InvitationsModel.Action in [
            .activate, .insert("Jane Doe"), .activate, .insert("jane@example.com"), .activate, .insert("jane@example.com"), .activate,
        ] {
            #expect(model.apply(action, at: .zero) == [])
        }
        #expect(model.form.focus == .send)
        return model
    }

    @Test func sendAsksForTheRequestOnlyWhenTheFormIsValidAndNothingIsSending() {
        var empty = InvitationsModel(saved: SavedRegistration())
        _ = empty.apply(.activate, at: .zero)
        _ = empty.apply(.focus(.send), at: .zero)
        #expect(empty.apply(.activate, at: .zero) == [], "errors show instead")
        #expect(empty.form.attempted && empty.form.focus == .field(.fullName))

        var model = filled()
        #expect(model.apply(.activate, at: .zero) == [.request(Self.jane)])
        #expect(model.apply(.activate, at: .zero) == [], "one request at a time")
        #expect(model.apply(.dismiss, at: .zero) == [] && model.modal == .form, "the form stays while it sends")
        #expect(model.apply(.insert("x"), at: .zero) == [] && model.form.invitation == Self.jane, "and takes no edit")
    }

    @Test func anAcceptedRequestIsSavedBeforeTheCelebrationWhichStartsWhenTheSaveEnds() {
        var model = filled()
        _ = model.apply(.activate, at: .zero)
        #expect(model.apply(.submissionFinished(.success(.registered)), at: .seconds(1)) == [.save(.register(Self.jane))])
        #expect(model.form.isSending && model.registration == nil)
        #expect(model.animatedBurst == nil)
        #expect(model.apply(.registrationSaved(.register(Self.jane), failure: nil), at: .seconds(2)) == [])
        #expect(model.registration == Self.jane)
        #expect(model.modal == .celebration(CelebrationModel(kind: .registered, burst: 1, startedAt: .seconds(2))))
        #expect(model.animatedBurst == 1)
        // Frames move forward only, and the burst stops being animated once over or in the background.
        _ = model.apply(.animationFrame(3, burst: 1), at: .seconds(2))
        _ = model.apply(.animationFrame(2, burst: 1), at: .seconds(2))
        _ = model.apply(.animationFrame(9, burst: 7), at: .seconds(2))
        #expect(model.animatedCelebration?.frame == 3)
        _ = model.apply(.lifecycle(.didEnterBackground), at: .seconds(3))
        #expect(model.animatedBurst == nil)
        _ = model.apply(.lifecycle(.willEnterForeground), at: .seconds(4))
        _ = model.apply(.animationFrame(600, burst: 1), at: .seconds(5))
        #expect(model.animatedCelebration?.frame == ConfettiBurst.frameCount && model.animatedBurst == nil)
        _ = model.apply(.activate, at: .seconds(6))
        #expect(model.modal == nil)
    }

    @Test func aRejectionOrAFailureIsShownInTheFormAndSendCanBePressedAgain() {
        var model = filled()
        _ = model.apply(.activate, at: .zero)
        #expect(model.apply(.submissionFinished(.success(.rejected(message: "Bad email"))), at: .zero) == [])
        #expect(model.form.failure == "Bad email" && !model.form.isSending)
        #expect(model.apply(.activate, at: .zero) == [.request(Self.jane)])
        #expect(model.apply(.submissionFinished(.failure(.timedOut(seconds: 10))), at: .zero) == [])
        #expect(model.form.failure == InvitationFailure.timedOut(seconds: 10).message)
        // An answer nobody waits for changes nothing.
        #expect(model.apply(.submissionFinished(.success(.registered)), at: .zero) == [])
    }

    @Test func aConfirmedCancelIsSavedAndTheAlertTakesNoChoiceMeanwhile() {
        var model = InvitationsModel(saved: SavedRegistration(invitation: Self.jane))
        _ = model.apply(.activate, at: .zero)
        #expect(model.modal == .alert(.keep))
        _ = model.apply(.focusNext, at: .zero)
        #expect(model.apply(.activate, at: .zero) == [.save(.cancel)])
        #expect(model.apply(.activate, at: .zero) == [])
        #expect(model.apply(.focusNext, at: .zero) == [] && model.modal == .alert(.cancelInvite))
        #expect(model.apply(.dismiss, at: .zero) == [] && model.modal == .alert(.cancelInvite))
        _ = model.apply(.registrationSaved(.cancel, failure: FeatureError("disk full")), at: .zero)
        #expect(model.registration == Self.jane && model.modal == nil)
        #expect(model.notice == InvitationsCopy.cancelNotKept("disk full"))
    }

    @Test func theRemovalOfAnUnreadableValueRunsOnceAndARegistrationWaitsForIt() {
        var model = filled(SavedRegistration(problem: "unreadable", needsClearing: true))
        #expect(model.apply(.lifecycle(.appear), at: .zero) == [.save(.clearUnreadable)])
        #expect(model.apply(.lifecycle(.appear), at: .zero) == [])
        _ = model.apply(.activate, at: .zero)
        #expect(model.apply(.submissionFinished(.success(.registered)), at: .zero) == [], "waits for the removal")
        #expect(
            model.apply(.registrationSaved(.clearUnreadable, failure: FeatureError("read-only")), at: .zero)
                == [.save(.register(Self.jane))])
        #expect(model.notice == nil, "opening the form took the notice away: nothing to add the failure to")

        // Still on the page: the failure adds why to the notice.
        var unopened = InvitationsModel(saved: SavedRegistration(problem: "unreadable", needsClearing: true))
        _ = unopened.apply(.lifecycle(.appear), at: .zero)
        _ = unopened.apply(.registrationSaved(.clearUnreadable, failure: FeatureError("read-only")), at: .zero)
        #expect(unopened.notice == "unreadable " + InvitationsCopy.notCleared("read-only"))
    }

    @Test func theViewStateIsDerivedFromTheModel() {
        let model = InvitationsModel(saved: SavedRegistration(invitation: Self.jane, problem: "note"))
        let state = model.viewState()
        #expect(state.page.kind == .registered && state.page.isButtonFocused && state.notice == "note" && state.modal == nil)
    }
}
