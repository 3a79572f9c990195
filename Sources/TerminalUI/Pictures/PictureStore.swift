import FeatureHostCore
import Foundation
import ImageDecoding
import Observation

/// The shell's `TerminalPictures`: reads an image's bytes from the host's image cache, decodes them off the main
/// actor (bounded by `DecodingLimits`), and keeps decoded pictures and their scaled copies in two bounded caches,
/// so scrolling and resizing reuse them. A decode is counted on the host's activity tracker (a snapshot waits for
/// it). Observable: a render that got `.pending` reads `decodeCount`, so the decode's end is a change the shell's
/// render loop sees, like any presenter's.
@MainActor
@Observable
public final class PictureStore: TerminalPictures {
    /// Decoded pictures kept: 64 MiB, about 27 photos of 960 × 600.
    public static let decodedCapacity = 64 * 1024 * 1024
    /// Scaled pictures kept: 8 MiB, thousands of card-sized ones.
    public static let scaledCapacity = 8 * 1024 * 1024
    /// Failures remembered (then forgotten all at once), so a bad file is not decoded again each frame.
    public static let failureCapacity = 1024
    /// The widest copy of a photo kept after decoding: more than twice the widest picture a 200-column terminal
    /// draws (196 half-block pixels), so scaling for a new size reads a quarter of a 960-pixel photo's pixels.
    public nonisolated static let workingWidth = 512

    public let mode: PictureMode
    @ObservationIgnored private let images: any ImageLoading
    @ObservationIgnored private let activity: ActivityTracker?
    @ObservationIgnored private let limits: DecodingLimits

    private struct Source: Hashable {
        var key: String
        var byteCount: Int
    }

    private struct Scaled: Hashable {
        var source: Source
        var cells: Size
        var shape: PictureShape
    }

    /// A terminal cell's size in pixels, for the pixel protocols' pictures; the shell sets it from the terminal
    /// (10 × 20 when the terminal does not say).
    @ObservationIgnored public var cellPixels = Size(width: 10, height: 20)
    /// The largest picture handed to a pixel protocol, per side.
    public nonisolated static let maximumFinePixels = 2048

    // Written while a scene renders: caches, not what a render waits for.
    @ObservationIgnored private var decoded: PictureCache<Source, DecodedImage>
    @ObservationIgnored private var scaled: PictureCache<Scaled, Picture>
    @ObservationIgnored private var failures: [Source: String] = [:]
    @ObservationIgnored private var decoding: Set<Source> = []

    /// How many decodes ran: for tests and the bench, and the one observed property (see the type's comment).
    public private(set) var decodeCount = 0
    /// How many scalings ran: for tests and the bench.
    @ObservationIgnored public private(set) var scaleCount = 0

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

    public func picture(_ image: ImageReference, cells: Size, shape: PictureShape) -> PictureLookup {
        guard mode.showsPictures else { return .failed("Pictures are off in this terminal.") }
        guard cells.width > 0, cells.height > 0, cells.width <= 4096, cells.height <= 4096 else {
            return .failed("A picture cannot be \(cells.width)×\(cells.height) cells.")
        }
        let source = Source(key: image.key, byteCount: image.byteCount)
        let key = Scaled(source: source, cells: cells, shape: mode.usesPixelProtocol ? shape : .rectangle)
        if let hit = scaled.value(for: key) { return .ready(hit) }
        if let failure = failures[source] { return .failed(failure) }
        guard let original = decoded.value(for: source) else {
            startDecoding(source)
            // Tracked by the render that asked: the decode's end (`finish`) changes it.
            _ = decodeCount
            return .pending
        }
        // Scaling a decoded photo to a card takes well under a millisecond in a release build: done here, kept.
        let picture = Picture(
            key: image.key, cells: cells, pixels: PixelScaling.scaled(original, width: cells.width, height: cells.height * 2),
            fine: mode.usesPixelProtocol ? fine(original, cells: cells, shape: shape) : nil)
        scaleCount += 1
        scaled.insert(picture, for: key, cost: picture.pixels.byteCount + (picture.fine?.byteCount ?? 0) + 64)
        return .ready(picture)
    }

    /// Decodes run one at a time on a queue of their own, never on Swift's cooperative pool: a photo is
    /// milliseconds of CPU in a release build and much more in a debug one, and the pool's few threads (two on a
    /// 2-core machine) also carry every feature's loading and saving.
    private nonisolated static let decodeQueue = DispatchQueue(label: "featurehost.pictures.decode", qos: .userInitiated)

    private func startDecoding(_ source: Source) {
        guard decoding.insert(source).inserted else { return }
        activity?.begin()
        let images = self.images
        let limits = self.limits
        let activity = self.activity
        let keepsPixels = mode.usesPixelProtocol
        Self.decodeQueue.async { [weak self] in
            let result: Result<DecodedImage, ImageDecodingError>
            if let cached = images.cachedImage(forKey: source.key) {
                result = Result { () throws(ImageDecodingError) in try ImageDecoder.decode(cached.data, limits: limits) }
                    .map { PictureStore.workingCopy($0, width: keepsPixels ? PictureStore.maximumFinePixels : PictureStore.workingWidth) }
            } else {
                result = .failure(ImageDecodingError(.malformed, "The image is no longer in the cache."))
            }
            Task { @MainActor in
                self?.finish(source, with: result)
                activity?.end()
            }
        }
    }

    /// The picture at the terminal's pixels for `cells` (at most `maximumFinePixels` a side), outside `shape`
    /// transparent.
    private func fine(_ original: DecodedImage, cells: Size, shape: PictureShape) -> DecodedImage {
        let width = min(cells.width * max(cellPixels.width, 1), Self.maximumFinePixels)
        let height = min(cells.height * max(cellPixels.height, 1), Self.maximumFinePixels)
        let scaled = PixelScaling.scaled(original, width: width, height: height)
        guard shape != .rectangle else { return scaled }
        var pixels = scaled.pixels
        for y in 0..<height {
            for x in 0..<width {
                // One sample per pixel is enough at this resolution: the edge is a pixel wide.
                let u = (Double(x) + 0.5) / Double(width) * 2 - 1
                let v = (Double(y) + 0.5) / Double(height) * 2 - 1
                if u * u + v * v > 1 { pixels[(y * width + x) * 4 + 3] = 0 }
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, format: .scaled)
    }

    /// A photo wider than `workingWidth` shrunk to it (area averaging, the same shape), once, off the main actor.
    nonisolated static func workingCopy(_ image: DecodedImage, width: Int) -> DecodedImage {
        guard image.width > width else { return image }
        let height = max(image.height * width / image.width, 1)
        return PixelScaling.scaled(image, width: width, height: height, fit: .stretch)
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
    }
}
