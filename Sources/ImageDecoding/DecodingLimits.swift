/// What a decoder accepts before it allocates anything: the file's size and the picture's pixel count. A header
/// that claims more is refused with `.tooLarge`; the work and memory of a decode are bounded by these two.
public struct DecodingLimits: Sendable, Equatable {
    /// The most pixels (width × height) a picture may have: 16.7 million (4096 × 4096), 64 MiB as RGBA.
    public static let defaultMaximumPixels = 4096 * 4096
    /// The most bytes a file may have: the host's image cache keeps nothing larger (8 MiB).
    public static let defaultMaximumBytes = 8 * 1024 * 1024

    public var maximumPixels: Int
    public var maximumBytes: Int

    public init(maximumPixels: Int = defaultMaximumPixels, maximumBytes: Int = defaultMaximumBytes) {
        self.maximumPixels = max(maximumPixels, 1)
        self.maximumBytes = max(maximumBytes, 0)
    }

    public static let standard = DecodingLimits()

    /// Checks a header's size; throws `.tooLarge` past the limit, `.malformed` for an empty picture.
    func check(width: Int, height: Int, format: String) throws(ImageDecodingError) {
        guard width > 0, height > 0 else {
            throw .malformed(format, "its header says \(width)×\(height) pixels")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixels else {
            throw ImageDecodingError(
                .tooLarge, "The \(format) image is \(width)×\(height) pixels, past the limit of \(maximumPixels) pixels.")
        }
    }

    func check(byteCount: Int, format: String) throws(ImageDecodingError) {
        guard byteCount <= maximumBytes else {
            throw ImageDecodingError(.tooLarge, "The \(format) file has \(byteCount) bytes, past the limit of \(maximumBytes).")
        }
    }
}
