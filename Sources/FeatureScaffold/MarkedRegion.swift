import Foundation

/// A region of a source file between two marker comments, the only part of a shared file the scaffold
/// edits: `// scaffold-feature: begin` … `// scaffold-feature: end`.
public struct MarkedRegion: Sendable {
    public let begin: String
    public let end: String

    public init(_ name: String) {
        begin = "// \(name): begin"
        end = "// \(name): end"
    }

    public static let features = MarkedRegion("scaffold-feature")
    public static let imports = MarkedRegion("scaffold-feature-imports")

    /// The lines strictly between the markers, trimmed, empty lines left out.
    public func lines(in text: String, file: String) throws(ScaffoldError) -> [String] {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (first, last) = try markerLines(all, file: file)
        return all[(first + 1)..<last].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `text` with `line` added as the region's last line, indented like the end marker. Nothing outside the
    /// region changes.
    public func inserting(_ line: String, in text: String, file: String) throws(ScaffoldError) -> String {
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (_, last) = try markerLines(all, file: file)
        let indentation = String(all[last].prefix { $0 == " " || $0 == "\t" })
        all.insert(indentation + line, at: last)
        return all.joined(separator: "\n")
    }

    private func markerLines(_ lines: [String], file: String) throws(ScaffoldError) -> (Int, Int) {
        let begins = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == begin }
        let ends = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == end }
        guard begins.count == 1, ends.count == 1, let first = begins.first, let last = ends.first, first < last else {
            throw ScaffoldError(
                "\(file) needs exactly one \"\(begin)\" line followed by one \"\(end)\" line (found \(begins.count) and \(ends.count)); the scaffold edits only that region."
            )
        }
        return (first, last)
    }
}
