import Foundation

/// The data directory `snapshot` runs on: without `--save`, a temporary copy of the real one, so saved state
/// (an offline article list, pins, a registration) is read as the shell would read it, but nothing the
/// snapshot does is written back. Removed when the snapshot ends.
struct ThrowawayDataDirectory {
    let url: URL
    private let temporaryRoot: URL?

    /// - Parameter save: `true` uses `real` itself.
    init(copying real: URL, save: Bool) throws {
        guard !save else {
            url = real
            temporaryRoot = nil
            return
        }
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("featurehost-snapshot-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
            let copy = root.appendingPathComponent("data", isDirectory: true)
            if fileManager.fileExists(atPath: real.path) {
                try fileManager.copyItem(at: real, to: copy)
            }
            url = copy
            temporaryRoot = root
        } catch {
            try? fileManager.removeItem(at: root)
            throw UsageError("snapshot: cannot copy the data directory \(real.path) to \(root.path): \(error.localizedDescription)")
        }
    }

    func remove() {
        guard let temporaryRoot else { return }
        try? FileManager.default.removeItem(at: temporaryRoot)
    }
}
