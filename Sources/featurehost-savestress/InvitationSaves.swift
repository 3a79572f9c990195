import FeatureHostCore
import Foundation
import InvitationsFeature
import TransactionsFeature

/// Invitations saving the registration (`RegistrationStore.save`, what a successful request does) into the shared
/// preferences file, and loading it as the feature does at start (`RegistrationStore.load`).
///
/// Generation 0 also saves the pins of `PinSaves` generation 0 into the same file: they must survive every
/// invitation save. Generation N is registered as "Person N".
struct InvitationSaves: GenerationSaver {
    let pins: LivePinStorage
    let registration: RegistrationStore

    init(host: StressHost) throws {
        pins = LivePinStorage(try host.keyValueStore("transactions"))
        registration = RegistrationStore(try host.keyValueStore("invitations"))
    }

    static func invitation(_ generation: Int) -> Invitation {
        Invitation(name: "Person \(generation)", email: "person\(generation)@example.com")
    }

    func save(generation: Int) throws {
        if generation == 0 { pins.save(unpinnedIDs: PinSaves.startIDs) }
        registration.save(Self.invitation(generation))
    }

    func read(candidates: [Int]) -> ReadOutcome {
        do {
            let ids = try pins.unpinnedIDs()
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
