import FeatureHostCore
import Foundation

/// The host's image cache: fetches through the host's transport, keeps the bytes on disk under the data
/// directory within a size cap (least recently used go first), and fetches each URL once at a time however
/// many callers ask. A damaged entry is dropped and fetched again; nothing outside `directory` is written.
///
/// Image URLs come from data (a feed, a chat list), so they are not trusted like the config: they are fetched only
/// from public hosts or the one origin a caller trusts (the feature's configured source, through
/// `scoped(trusting:)`; `image(at:)` alone trusts none), each reply is bounded by `maximumImageSize` while it
/// arrives, at most `maximumConcurrentFetches` replies are in memory at once, and only the image types
/// `ImageFormat` recognises by their bytes are kept and served.
public final class ImageCache: ImageLoading, Sendable {
    public static let defaultCapacity = 64 * 1024 * 1024
    public static let defaultMaximumImageSize = 8 * 1024 * 1024
    public static let maximumConcurrentFetches = 4
    /// Longer image URLs are refused: the URL is kept in the entry's header and shown in messages.
    public static let maximumURLLength = 8 * 1024

    private let store: ImageStore
    private let transport: any HTTPTransport
    private let timeout: Double
    private let maximumImageSize: Int
    private let flights = ImageFlights()
    private let slots = FetchSlots(count: maximumConcurrentFetches)

    /// - Parameters:
    ///   - directory: where entries are kept (created on first write).
    ///   - capacity: the most bytes kept; the least recently used entries are removed past it.
    ///   - maximumImageSize: a larger reply fails while it arrives instead of filling memory or the cache.
    public init(
        directory: URL, transport: any HTTPTransport, capacity: Int = defaultCapacity,
        maximumImageSize: Int = defaultMaximumImageSize, timeout: Double = SourceConfiguration.defaultTimeout
    ) {
        store = ImageStore(directory: directory, capacity: capacity, maximumEntrySize: maximumImageSize + Self.maximumURLLength + 256)
        self.transport = transport
        self.timeout = timeout
        self.maximumImageSize = maximumImageSize
    }

    /// The image at `url`, from a public host only.
    public func image(at url: URL) async throws(ImageFailure) -> ImageReference {
        try await image(at: url, trusting: nil)
    }

    /// The image at `url`, from a public host or from `origin` (the configured source's own server).
    public func image(at url: URL, trusting origin: HTTPOrigin?) async throws(ImageFailure) -> ImageReference {
        let name = Self.shortName(url)
        guard url.absoluteString.utf8.count <= Self.maximumURLLength else {
            throw ImageFailure("The image address \(name) is longer than \(Self.maximumURLLength) characters.")
        }
        if let refusal = HTTPDestination.refusal(of: url, trusting: origin) {
            throw ImageFailure("The image \(name) was not fetched: \(refusal), and \(HTTPDestination.rule).")
        }
        let key = ImageKey.make(for: url)
        if let hit = store.reference(forKey: key, url: url) { return hit }
        // One flight per URL and trusted origin: a redirect may be allowed for one caller and not another.
        let flight = key + " " + (origin?.description ?? "public")
        let result = await flights.join(flight) { [self] in await fetch(url, key: key, trusting: origin) }
        return try result.get()
    }

    public func cachedImage(forKey key: String) -> CachedImage? { store.image(forKey: key) }

    public func scoped(trusting origin: HTTPOrigin?) -> any ImageLoading { ScopedImageCache(cache: self, origin: origin) }

    /// How many bytes the cache holds now.
    public var storedBytes: Int { store.totalBytes }

    private func fetch(_ url: URL, key: String, trusting origin: HTTPOrigin?) async -> Result<ImageReference, ImageFailure> {
        let name = Self.shortName(url)
        guard await slots.acquire() else { return .failure(ImageFailure("The image request was cancelled.")) }
        defer { slots.release() }
        var request = HTTPRequest(url: url, headers: ["Accept": "image/*"], timeout: timeout, maximumBodySize: maximumImageSize)
        request.trustedOrigin = origin
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch HTTPError.bodyTooLarge {
            return .failure(ImageFailure("The image \(name) is larger than the \(maximumImageSize)-byte limit."))
        } catch {
            return .failure(ImageFailure("The image \(name) could not be loaded: \(error.userFacingMessage)"))
        }
        guard response.isSuccess else {
            return .failure(ImageFailure("The image \(name) could not be loaded: the server answered HTTP \(response.status)."))
        }
        // A transport that does not bound replies itself (a test's, a plugin's) is bounded here.
        guard response.body.count <= maximumImageSize else {
            return .failure(ImageFailure("The image \(name) is larger than the \(maximumImageSize)-byte limit."))
        }
        guard let contentType = ImageFormat.contentType(of: response.body) else {
            return .failure(ImageFailure("The reply for \(name) is not an image."))
        }
        let reference = ImageReference(key: key, contentType: contentType, byteCount: response.body.count)
        store.save(CachedImage(reference: reference, data: response.body), url: url)
        return .success(reference)
    }

    /// The URL's last path component, at most 80 characters, for messages.
    static func shortName(_ url: URL) -> String {
        let name = url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? (url.host ?? "image") : url.lastPathComponent
        return name.count > 80 ? String(name.prefix(79)) + "…" : name
    }
}

/// An `ImageCache` as one feature sees it: URLs from that feature's data may also use its source's origin.
struct ScopedImageCache: ImageLoading {
    let cache: ImageCache
    let origin: HTTPOrigin?

    func image(at url: URL) async throws(ImageFailure) -> ImageReference { try await cache.image(at: url, trusting: origin) }

    func cachedImage(forKey key: String) -> CachedImage? { cache.cachedImage(forKey: key) }

    func scoped(trusting origin: HTTPOrigin?) -> any ImageLoading { cache.scoped(trusting: origin) }
}
