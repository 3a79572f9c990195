import Foundation
import Testing

@testable import ImageDecoding

@Suite("JPEG decoding")
struct JPEGDecoderTests {
    static let names = ((try? Fixtures.names(in: "jpeg", withExtension: "jpg")) ?? []).filter { $0 != "arithmetic.jpg" }

    /// libjpeg's integer IDCT and rounding against ours in `Float`: at most a few levels apart anywhere (3 in the
    /// fixtures), a tenth of a level on average.
    static let meanTolerance = 0.25
    static let maximumTolerance = 4

    @Test("baseline and progressive, every sampling, grey, restart markers: within a few levels of djpeg", arguments: names)
    func matchesReference(_ name: String) throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("jpeg/\(name)"))
        let reference = try Fixtures.reference("jpeg/\(name.dropLast(4)).pam")
        #expect(image.format == .jpeg)
        #expect(image.width == reference.width && image.height == reference.height)
        let difference = Fixtures.difference(image, reference)
        #expect(difference.mean <= Self.meanTolerance, "\(name): mean difference \(difference.mean)")
        #expect(difference.maximum <= Self.maximumTolerance, "\(name): largest difference \(difference.maximum)")
    }

    @Test("the fixtures cover baseline and progressive at 4:4:4, 4:2:2, 4:2:0 and grey, with restart markers")
    func coverage() {
        for name in [
            "baseline-444", "baseline-422", "baseline-420", "baseline-grey", "baseline-420-restart", "progressive-444",
            "progressive-422", "progressive-420", "progressive-grey", "progressive-420-restart",
        ] {
            #expect(Self.names.contains("\(name).jpg"), "\(name)")
        }
    }

    @Test("arithmetic coding is refused by name, not misread")
    func arithmetic() throws {
        #expect(throws: ImageDecodingError.unsupported("JPEG", "arithmetic coding")) {
            try ImageDecoder.decode(try Fixtures.bytes("jpeg/arithmetic.jpg"))
        }
    }

    @Test("a frame past the pixel limit is refused before its coefficients are allocated")
    func pixelLimit() throws {
        var bytes = try Fixtures.bytes("jpeg/baseline-444.jpg")
        let sof = try #require(Self.offset(of: 0xC0, in: bytes))
        // Height and width: 65535 × 65535.
        for index in (sof + 5)...(sof + 8) { bytes[index] = 0xFF }
        #expect(throws: ImageDecodingError(.tooLarge, "The JPEG image is 65535×65535 pixels, past the limit of 16777216 pixels.")) {
            try ImageDecoder.decode(bytes)
        }
        let original = try Fixtures.bytes("jpeg/baseline-444.jpg")
        #expect(throws: Never.self) { try ImageDecoder.decode(original, limits: DecodingLimits(maximumPixels: 64 * 48)) }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(original, limits: DecodingLimits(maximumPixels: 64 * 48 - 1)) }
    }

    @Test("cut short anywhere: an error or the part that came, never a trap")
    func truncated() throws {
        for name in ["baseline-420-restart.jpg", "progressive-420.jpg"] {
            let bytes = try Fixtures.bytes("jpeg/\(name)")
            var pictures = 0
            for length in 0..<bytes.count {
                let prefix = Array(bytes.prefix(length))
                if (try? ImageDecoder.decode(prefix)) != nil { pictures += 1 }
            }
            // Once the first scan has begun, what came is shown (as browsers do); before, there is no picture.
            #expect(pictures > 0 && pictures < bytes.count, "\(name)")
        }
    }

    /// Truncated files decoded with the missing part filled and no sign of it (conformance review 3.2).
    @Test(
        "a file cut short says its picture is incomplete; a whole one says it is complete",
        arguments: [
            "baseline-420.jpg", "progressive-420.jpg",
        ])
    func incomplete(_ name: String) throws {
        let bytes = try Fixtures.bytes("jpeg/\(name)")
        #expect(try ImageDecoder.decode(bytes).isComplete)
        let withoutEnd = try ImageDecoder.decode(Array(bytes.dropLast(2)))
        #expect(!withoutEnd.isComplete)
        // Cut inside the last scan's data: a cut between segments is refused as a segment cut short.
        let lastScan = try #require(bytes.indices.dropLast().last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let half = try ImageDecoder.decode(Array(bytes.prefix((lastScan + bytes.count) / 2)))
        #expect(!half.isComplete)
        #expect(!PixelScaling.scaled(half, width: 4, height: 4).isComplete, "scaling keeps the mark")
    }

    @Test("SOI alone is a file without a frame, not one without SOI")
    func soiAlone() {
        #expect(throws: ImageDecodingError.malformed("JPEG", "it has no frame header")) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF]) }
    }

    @Test("every single-byte change of a small file decodes or fails cleanly")
    func corrupted() throws {
        let bytes = try Fixtures.bytes("jpeg/progressive-grey.jpg")
        for index in stride(from: 2, to: bytes.count, by: 3) {
            for value: UInt8 in [0x00, 0xFF, bytes[index] ^ 0x5A] {
                var changed = bytes
                changed[index] = value
                _ = try? ImageDecoder.decode(changed, limits: DecodingLimits(maximumPixels: 1 << 16))
            }
        }
    }

    @Test("a scan before the frame, no scan at all, a missing quantization table")
    func malformed() throws {
        #expect(throws: ImageDecodingError.malformed("JPEG", "it has no frame header")) {
            try ImageDecoder.decode([0xFF, 0xD8, 0xFF, 0xD9])
        }
        var bytes = try Fixtures.bytes("jpeg/baseline-grey.jpg")
        let sos = try #require(Self.offset(of: 0xDA, in: bytes))
        bytes = Array(bytes[..<sos]) + [0xFF, 0xD9]
        #expect(throws: ImageDecodingError.malformed("JPEG", "it has no scan")) { try ImageDecoder.decode(bytes) }
    }

    /// Where the first marker `FF code` starts.
    static func offset(of code: UInt8, in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == code }
    }
}

extension JPEGDecoderTests {
    @Test("how close each decode is (printed)", .disabled(if: ProcessInfo.processInfo.environment["PRINT_DIFFERENCES"] == nil))
    func printDifferences() throws {
        for name in Self.names {
            let image = try ImageDecoder.decode(try Fixtures.bytes("jpeg/\(name)"))
            let difference = Fixtures.difference(image, try Fixtures.reference("jpeg/\(name.dropLast(4)).pam"))
            print("DIFF \(name) max \(difference.maximum) mean \(difference.mean)")
        }
    }
}
