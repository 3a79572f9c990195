import FeatureHostCore
import Foundation
import InvitationsFeature
import TransactionsFeature

/// Invitations saving the registration (`LiveRegistrationClient.save`, what a successful request does) into the
/// shared preferences file, and loading it as the feature does at start (`LiveRegistrationClient.load`).
///
/// Generation 0 also saves the pins of `PinSaves` generation 0 into the same file: they must survive every
/// invitation save. Generation N is registered as "Person N".
struct InvitationSaves: GenerationSaver {
    let pins: LivePinClient
    let registration: LiveRegistrationClient

    init(host: StressHost) throws {
        pins = LivePinClient(try host.keyValueStore("transactions"))
        registration = LiveRegistrationClient(try host.keyValueStore("invitations"))
    }

    static func invitation(_ generation: Int) -> Invitation {
        Invitation(name: "Person \(generation)", email: "person\(generation)@example.com")
    }

    func save(generation: Int) async throws {
        if generation == 0 { _ = try await pins.save(PinSaves.unpinning(PinSaves.startIDs)) }
        try await registration.save(Self.invitation(generation))
    }

    func read(candidates: [Int]) async -> ReadOutcome {
        do {
            let ids = try await pins.unpinnedIDs()
            guard ids == PinSaves.startIDs else { return .damaged("the pins saved beside the invitation read as \(ids.count) ids") }
        } catch {
            return .damaged("the pins saved beside the invitation cannot be read: \(error)")
        }
        let loaded = registration.load()
        if let problem = loaded.problem { return .damaged("problem: \(problem)") }
        return firstMatch(candidates, found: "\(String(describing: loaded.invitation))") {
            loaded.invitation == Self.invitation($0)
        }
    }
}
