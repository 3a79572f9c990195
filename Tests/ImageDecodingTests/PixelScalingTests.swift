import Testing

@testable import ImageDecoding

@Suite("Scaling pictures")
struct PixelScalingTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> DecodedImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += pixel(x, y) }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, format: .png)
    }

    @Test("a flat colour stays that colour at any size")
    func flat() {
        let source = Self.image(37, 23) { _, _ in [200, 100, 50, 255] }
        for (width, height) in [(1, 1), (5, 6), (36, 22), (80, 46), (100, 3)] {
            let scaled = PixelScaling.scaled(source, width: width, height: height)
            #expect(scaled.width == width && scaled.height == height)
            #expect(
                Set(stride(from: 0, to: scaled.pixels.count, by: 4).map { Array(scaled.pixels[$0..<($0 + 4)]) }) == [[200, 100, 50, 255]])
        }
    }

    @Test("shrinking averages light, not sRGB numbers: black and white make 188, not 128")
    func linearLight() {
        let checker = Self.image(2, 2) { x, y in (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        #expect(PixelScaling.scaled(checker, width: 1, height: 1).pixels == [188, 188, 188, 255])
    }

    @Test("a transparent neighbour does not darken an edge; all transparent stays transparent")
    func premultiplied() {
        let half = Self.image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }
        #expect(PixelScaling.scaled(half, width: 1, height: 1).pixels == [255, 0, 0, 128])
        let clear = Self.image(4, 4) { _, _ in [10, 20, 30, 0] }
        #expect(PixelScaling.scaled(clear, width: 2, height: 2).pixels.allSatisfy { $0 == 0 })
    }

    @Test("fill crops the longer side around the centre; stretch keeps everything")
    func fit() {
        // Red left third, green middle, blue right third: a square crop shows only the green.
        let bands = Self.image(30, 10) { x, _ in x < 10 ? [255, 0, 0, 255] : x < 20 ? [0, 255, 0, 255] : [0, 0, 255, 255] }
        #expect(
            PixelScaling.scaled(bands, width: 2, height: 2, fit: .fill).pixels == [
                0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255,
            ])
        let stretched = PixelScaling.scaled(bands, width: 3, height: 1, fit: .stretch)
        #expect(stretched.pixels == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255])
    }

    @Test("growing interpolates between pixel centres")
    func growing() {
        let two = Self.image(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        let grown = PixelScaling.scaled(two, width: 4, height: 1, fit: .stretch)
        #expect(grown.pixels[0] == 0 && grown.pixels[12] == 255)
        #expect(grown.pixels[4] > 0 && grown.pixels[4] < grown.pixels[8] && grown.pixels[8] < 255)
    }

    @Test("an empty picture scales to transparent black")
    func empty() {
        let empty = DecodedImage(width: 0, height: 0, pixels: [], format: .png)
        #expect(PixelScaling.scaled(empty, width: 3, height: 2).pixels == [UInt8](repeating: 0, count: 24))
    }
}
