import FeatureHostCore
import Foundation
import Testing

/// Foundation's file errors on Linux describe themselves as raw dumps; a person sees the reason and the path.
@Suite struct FoundationErrorMessageTests {
    @Test func aFileErrorReadsAsItsReasonAndPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fh-error-\(UUID().uuidString)")
        try Data("x".utf8).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("sub")
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            Issue.record("a folder under a file was made")
        } catch {
            #expect(error.userFacingMessage == "Not a directory (\(target.path))")
            #expect(!error.userFacingMessage.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func aMissingFileSaysSo() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        #expect(throws: (any Error).self) { _ = try Data(contentsOf: missing) }
        do {
            _ = try Data(contentsOf: missing)
        } catch {
            #expect(error.userFacingMessage == "No such file or directory (\(missing.path))")
        }
    }

    @Test func aCodeWithoutAnUnderlyingErrorIsWorded() {
        let error = CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/data/preferences.plist"])
        #expect(error.userFacingMessage == "No space left on device (/data/preferences.plist)")
        #expect(FeatureError("As it is.").userFacingMessage == "As it is.")
    }
}
