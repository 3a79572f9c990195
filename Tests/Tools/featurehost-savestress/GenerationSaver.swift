import Foundation

/// One kind of saved state, driven through the host's own save and open paths. Generation N is a fixed content
/// (a function of N alone), so a reader can tell "exactly N" from "a mix" or "damaged".
protocol GenerationSaver {
    /// Saves generation `generation` the way the host does.
    func save(generation: Int) async throws
    /// Opens the data the way the host does at start and says which of `candidates` it holds.
    func read(candidates: [Int]) async -> ReadOutcome
}

enum ReadOutcome: Equatable {
    case generation(Int)
    case damaged(String)
}

extension GenerationSaver {
    /// The first candidate whose expected content `matches`, or a description of what was found instead.
    func firstMatch(_ candidates: [Int], found: String, matches: (Int) -> Bool) -> ReadOutcome {
        if let generation = candidates.first(where: matches) { return .generation(generation) }
        return .damaged("expected generation \(candidates.map(String.init).joined(separator: " or ")), found \(found)")
    }
}

/// The kinds the crash-save test exercises.
enum SaveKind: String, CaseIterable {
    case articles, payload, pins, invitation

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    func saver(dataDirectory: URL) throws -> any GenerationSaver {
        let host = StressHost(dataDirectory: dataDirectory)
        switch self {
        case .articles: return try ArticleSaves(host: host)
        case .payload: return try PayloadSaves(host: host)
        case .pins: return try PinSaves(host: host)
        case .invitation: return try InvitationSaves(host: host)
        }
    }
}
