import Foundation
import ImageDecoding

/// The committed fixtures (`Fixtures/make-fixtures.py` wrote them) and their reference pixels.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    /// The file names in a fixture folder with an extension, sorted.
    static func names(in folder: String, withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".\(ext)") }.sorted()
    }

    struct Reference {
        var width: Int
        var height: Int
        var rgba: [UInt8]
    }

    /// A PAM file (P7, RGB_ALPHA), as the script writes them.
    static func reference(_ path: String) throws -> Reference {
        let data = try bytes(path)
        let marker = Array("ENDHDR\n".utf8)
        guard let end = (0...(data.count - marker.count)).first(where: { Array(data[$0..<($0 + marker.count)]) == marker }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let header = String(decoding: data[..<end], as: UTF8.self)
        var fields: [String: Int] = [:]
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        return Reference(width: fields["WIDTH"] ?? 0, height: fields["HEIGHT"] ?? 0, rgba: Array(data[(end + marker.count)...]))
    }

    /// How far two RGBA pictures of the same size differ: the largest and the mean absolute difference per channel.
    static func difference(_ image: DecodedImage, _ reference: Reference) -> (maximum: Int, mean: Double) {
        guard image.width == reference.width, image.height == reference.height, image.pixels.count == reference.rgba.count else {
            return (Int.max, .infinity)
        }
        var maximum = 0
        var total = 0
        for (a, b) in zip(image.pixels, reference.rgba) {
            let d = abs(Int(a) - Int(b))
            maximum = max(maximum, d)
            total += d
        }
        return (maximum, Double(total) / Double(max(image.pixels.count, 1)))
    }
}
