import FeatureHostCore
import Foundation
import ImageDecoding

/// The shell's `TerminalPictures`: reads an image's bytes from the host's image cache, decodes them off the main
/// actor (bounded by `DecodingLimits`), and keeps decoded pictures and their scaled copies in two bounded caches,
/// so scrolling and resizing reuse them. A decode is counted on the host's activity tracker (a snapshot waits for
/// it) and asks for a frame when it ends.
@MainActor
public final class PictureStore: TerminalPictures {
    /// Decoded pictures kept: 64 MiB, about 27 photos of 960 × 600.
    public static let decodedCapacity = 64 * 1024 * 1024
    /// Scaled pictures kept: 8 MiB, thousands of card-sized ones.
    public static let scaledCapacity = 8 * 1024 * 1024
    /// Failures remembered (then forgotten all at once), so a bad file is not decoded again each frame.
    public static let failureCapacity = 1024

    public let mode: PictureMode
    private let images: any ImageLoading
    private let activity: ActivityTracker?
    private let limits: DecodingLimits
    /// Asks the shell for a new frame; set by the shell.
    public var onReady: @MainActor () -> Void = {}

    private struct Source: Hashable {
        var key: String
        var byteCount: Int
    }

    private struct Scaled: Hashable {
        var source: Source
        var cells: Size
    }

    private var decoded: PictureCache<Source, DecodedImage>
    private var scaled: PictureCache<Scaled, Picture>
    private var failures: [Source: String] = [:]
    private var decoding: Set<Source> = []

    /// How many decodes ran and how many scalings: for tests and the bench.
    public private(set) var decodeCount = 0
    public private(set) var scaleCount = 0

    public init(
        mode: PictureMode, images: any ImageLoading, activity: ActivityTracker? = nil, limits: DecodingLimits = .standard,
        decodedCapacity: Int = PictureStore.decodedCapacity, scaledCapacity: Int = PictureStore.scaledCapacity
    ) {
        self.mode = mode
        self.images = images
        self.activity = activity
        self.limits = limits
        decoded = PictureCache(capacity: decodedCapacity)
        scaled = PictureCache(capacity: scaledCapacity)
    }

    /// Decodes started and not yet finished.
    public var pendingDecodes: Int { decoding.count }

    /// Bytes held by the two caches.
    public var cachedBytes: (decoded: Int, scaled: Int) { (decoded.totalCost, scaled.totalCost) }

    public func picture(_ image: ImageReference, cells: Size) -> PictureLookup {
        guard mode.showsPictures else { return .failed("Pictures are off in this terminal.") }
        guard cells.width > 0, cells.height > 0, cells.width <= 4096, cells.height <= 4096 else {
            return .failed("A picture cannot be \(cells.width)×\(cells.height) cells.")
        }
        let source = Source(key: image.key, byteCount: image.byteCount)
        let key = Scaled(source: source, cells: cells)
        if let hit = scaled.value(for: key) { return .ready(hit) }
        if let failure = failures[source] { return .failed(failure) }
        guard let original = decoded.value(for: source) else {
            startDecoding(source)
            return .pending
        }
        // Scaling a decoded photo to a card takes well under a millisecond in a release build: done here, kept.
        let picture = Picture(
            key: image.key, cells: cells, pixels: PixelScaling.scaled(original, width: cells.width, height: cells.height * 2))
        scaleCount += 1
        scaled.insert(picture, for: key, cost: picture.pixels.byteCount + 64)
        return .ready(picture)
    }

    private func startDecoding(_ source: Source) {
        guard decoding.insert(source).inserted else { return }
        activity?.begin()
        let images = self.images, limits = self.limits, activity = self.activity
        Task.detached(priority: .userInitiated) { [weak self] in
            let result: Result<DecodedImage, ImageDecodingError>
            if let cached = images.cachedImage(forKey: source.key) {
                result = Result { () throws(ImageDecodingError) in try ImageDecoder.decode(cached.data, limits: limits) }
            } else {
                result = .failure(ImageDecodingError(.malformed, "The image is no longer in the cache."))
            }
            await self?.finish(source, with: result)
            activity?.end()
        }
    }

    private func finish(_ source: Source, with result: Result<DecodedImage, ImageDecodingError>) {
        decoding.remove(source)
        decodeCount += 1
        switch result {
        case .success(let image):
            decoded.insert(image, for: source, cost: image.byteCount + 64)
        case .failure(let error):
            if failures.count >= Self.failureCapacity { failures.removeAll() }
            failures[source] = error.message
        }
        onReady()
    }
}
