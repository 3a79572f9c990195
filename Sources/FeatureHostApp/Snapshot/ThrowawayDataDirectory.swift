import DataSources
import FeatureHostCore
import Foundation

/// The data directory `snapshot` runs on: without `--save`, a temporary copy of the real one, so saved state
/// (an offline article list, pins, a registration) is read as the shell would read it, but nothing the
/// snapshot does is written back. Only what the feature reads is copied (`DataDirectoryCopy`). Removed when the
/// snapshot ends.
struct ThrowawayDataDirectory {
    let url: URL
    /// The user's data directory, which messages name instead of the copy.
    let real: URL
    private let temporaryRoot: URL?

    /// - Parameter save: `true` uses `real` itself.
    init(copying real: URL, for id: FeatureID, save: Bool) throws {
        self.real = real
        guard !save else {
            url = real
            temporaryRoot = nil
            return
        }
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: real.path, isDirectory: &isFolder), !isFolder.boolValue {
            // Copied, a file would become the copy's data directory, and every message would name the copy.
            throw UsageError("snapshot: the data directory \(real.path) is a file, not a folder; choose another with --data-dir.")
        }
        let root = fileManager.temporaryDirectory.appendingPathComponent("featurehost-snapshot-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
            let copy = root.appendingPathComponent("data", isDirectory: true)
            try DataDirectoryCopy.copy(DataLayout.entries(readBy: id), from: real, to: copy)
            url = copy
            temporaryRoot = root
        } catch {
            try? fileManager.removeItem(at: root)
            throw UsageError("snapshot: cannot copy the data directory \(real.path) to \(root.path): \(error.userFacingMessage)")
        }
    }

    /// `text` with the copy's path replaced by the user's, so a message names the folder the user knows (the
    /// copy is gone once the snapshot ends). A path wrapped across lines of a frame is left as it is.
    func naming(_ text: String) -> String {
        guard url != real else { return text }
        return text.replacingOccurrences(of: url.path, with: real.path)
    }

    func remove() {
        guard let temporaryRoot else { return }
        try? FileManager.default.removeItem(at: temporaryRoot)
    }
}
