/// Pixels: `width × height`, row by row from the top left, four bytes each (red, green, blue, alpha; sRGB,
/// alpha not premultiplied).
public struct DecodedImage: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable {
        case png = "PNG"
        case jpeg = "JPEG"
        /// Made by scaling another image.
        case scaled = "scaled"
    }

    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    public let format: Format
    /// False when the file ended before its end marker (a JPEG without EOI, a download cut short): what is missing
    /// is filled as libjpeg fills it, and this says the picture is not all there.
    public let isComplete: Bool

    /// `pixels` must hold `width × height × 4` bytes; anything else gives an empty image.
    public init(width: Int, height: Int, pixels: [UInt8], format: Format, isComplete: Bool = true) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        if width > 0, height > 0, !overflow, count.multipliedReportingOverflow(by: 4) == (pixels.count, false) {
            self.width = width
            self.height = height
            self.pixels = pixels
        } else {
            self.width = 0
            self.height = 0
            self.pixels = []
        }
        self.format = format
        self.isComplete = isComplete
    }

    /// The pixel at (x, y): (red, green, blue, alpha); transparent black outside the picture.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }

    /// How many bytes the pixels take.
    public var byteCount: Int { pixels.count }
}
