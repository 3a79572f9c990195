import FeatureHostCore
import Foundation
import InvitationsFeature
import TransactionsFeature

/// Transactions saving its pins (what a pin change does: `LivePinClient.save` reads the saved ids, flips one and
/// saves them) into the shared preferences file, and reading them as the feature does at a load.
///
/// Generation 0: 20,000 unpinned ids (a large file, as after unpinning much of a 100,000-row history) and a
/// registered invitation in the same file. Generation N flips the pin of transaction N % 97. The invitation must
/// survive every pin save.
struct PinSaves: GenerationSaver {
    static let startIDs = Set(1_000_000..<1_020_000)
    let pins: LivePinClient
    let registration: LiveRegistrationClient

    init(host: StressHost) throws {
        pins = LivePinClient(try host.keyValueStore("transactions"))
        registration = LiveRegistrationClient(try host.keyValueStore("invitations"))
    }

    static func unpinned(_ generation: Int) -> Set<Int> {
        var ids = startIDs
        for step in stride(from: 1, through: generation, by: 1) {
            let id = step % 97
            if ids.remove(id) == nil { ids.insert(id) }
        }
        return ids
    }

    /// The changes that unpin `ids`.
    static func unpinning(_ ids: Set<Int>) -> [Int: Bool] { Dictionary(uniqueKeysWithValues: ids.map { ($0, false) }) }

    static let invitation = Invitation(name: "Ada Lovelace", email: "ada@example.com")

    func save(generation: Int) async throws {
        if generation == 0 {
            try await registration.save(Self.invitation)
            _ = try await pins.save(Self.unpinning(Self.startIDs))
            return
        }
        let id = generation % 97
        let ids = try await pins.unpinnedIDs()
        _ = try await pins.save([id: ids.contains(id)])
    }

    func read(candidates: [Int]) async -> ReadOutcome {
        let loaded = registration.load()
        guard loaded.problem == nil, loaded.invitation == Self.invitation else {
            return .damaged("the invitation saved beside the pins reads as \(String(describing: loaded))")
        }
        do {
            let ids = try await pins.unpinnedIDs()
            return firstMatch(candidates, found: "\(ids.count) unpinned ids") { Self.unpinned($0) == ids }
        } catch {
            return .damaged("the pins cannot be read: \(error)")
        }
    }
}
