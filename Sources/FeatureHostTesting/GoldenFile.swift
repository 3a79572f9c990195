import Foundation

/// Compares text with a golden file kept beside the test's source. A missing or different golden never passes
/// silently: the actual text is written to `<name>.new` for review (rename it to accept it).
public enum GoldenFile {
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Parameters:
    ///   - directory: usually `GoldenFile.directory(besides: #filePath)`.
    public static func check(_ actual: String, named name: String, in directory: URL) throws {
        let file = directory.appendingPathComponent(name)
        let pending = directory.appendingPathComponent(name + ".new")
        let normalized = actual.hasSuffix("\n") ? actual : actual + "\n"
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try normalized.write(to: pending, atomically: true, encoding: .utf8)
            throw Mismatch(description: "No golden file \(file.path); wrote \(pending.lastPathComponent) to review.\n\(normalized)")
        }
        guard expected == normalized else {
            try normalized.write(to: pending, atomically: true, encoding: .utf8)
            throw Mismatch(
                description:
                    "\(file.lastPathComponent) differs; wrote \(pending.lastPathComponent).\n--- expected\n\(expected)--- actual\n\(normalized)"
            )
        }
        try? FileManager.default.removeItem(at: pending)
    }

    /// The `Golden` folder next to the calling test file.
    public static func directory(besides filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }
}
