import FeatureHostCore
import Foundation
import InvitationsFeature
import TransactionsFeature

/// Transactions saving its pins (what `TransactionStore.togglePin` does: read the saved ids, flip one, save
/// them through `LivePinStorage`) into the shared preferences file, and reading them as the feature does at start.
///
/// Generation 0: 20,000 unpinned ids (a large file, as after unpinning much of a 100,000-row history) and a
/// registered invitation in the same file. Generation N flips the pin of transaction N % 97. The invitation must
/// survive every pin save.
struct PinSaves: GenerationSaver {
    static let startIDs = Set(1_000_000..<1_020_000)
    let pins: LivePinStorage
    let registration: RegistrationStore

    init(host: StressHost) throws {
        pins = LivePinStorage(try host.keyValueStore("transactions"))
        registration = RegistrationStore(try host.keyValueStore("invitations"))
    }

    static func unpinned(_ generation: Int) -> Set<Int> {
        var ids = startIDs
        for step in stride(from: 1, through: generation, by: 1) {
            let id = step % 97
            if ids.remove(id) == nil { ids.insert(id) }
        }
        return ids
    }

    static let invitation = Invitation(name: "Ada Lovelace", email: "ada@example.com")

    func save(generation: Int) throws {
        if generation == 0 {
            registration.save(Self.invitation)
            pins.save(unpinnedIDs: Self.startIDs)
            return
        }
        var ids = try pins.unpinnedIDs()
        let id = generation % 97
        if ids.remove(id) == nil { ids.insert(id) }
        pins.save(unpinnedIDs: ids)
    }

    func read(candidates: [Int]) -> ReadOutcome {
        let loaded = registration.load()
        guard loaded.problem == nil, loaded.invitation == Self.invitation else {
            return .damaged("the invitation saved beside the pins reads as \(String(describing: loaded))")
        }
        do {
            let ids = try pins.unpinnedIDs()
            return firstMatch(candidates, found: "\(ids.count) unpinned ids") { Self.unpinned($0) == ids }
        } catch {
            return .damaged("the pins cannot be read: \(error)")
        }
    }
}
