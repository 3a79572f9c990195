import FeatureHostCore
import Foundation

/// The host's image cache: fetches through the host's transport, keeps the bytes on disk under the data
/// directory within a size cap (least recently used go first), and fetches each URL once at a time however
/// many callers ask. A damaged entry is dropped and fetched again; nothing outside `directory` is written.
public final class ImageCache: ImageLoading, @unchecked Sendable {
    public static let defaultCapacity = 64 * 1024 * 1024
    public static let defaultMaximumImageSize = 8 * 1024 * 1024

    private let store: ImageStore
    private let transport: any HTTPTransport
    private let timeout: Double
    private let maximumImageSize: Int
    private let flights = ImageFlights()

    /// - Parameters:
    ///   - directory: where entries are kept (created on first write).
    ///   - capacity: the most bytes kept; the least recently used entries are removed past it.
    ///   - maximumImageSize: a larger reply fails instead of filling the cache.
    public init(
        directory: URL, transport: any HTTPTransport, capacity: Int = defaultCapacity,
        maximumImageSize: Int = defaultMaximumImageSize, timeout: Double = SourceConfiguration.defaultTimeout
    ) {
        store = ImageStore(directory: directory, capacity: capacity)
        self.transport = transport
        self.timeout = timeout
        self.maximumImageSize = maximumImageSize
    }

    public func image(at url: URL) async throws(ImageFailure) -> ImageReference {
        let key = ImageKey.make(for: url)
        if let hit = store.reference(forKey: key, url: url) { return hit }
        let result = await flights.join(key) { [self] in await fetch(url, key: key) }
        return try result.get()
    }

    public func cachedImage(forKey key: String) -> CachedImage? { store.image(forKey: key) }

    /// How many bytes the cache holds now.
    public var storedBytes: Int { store.totalBytes }

    private func fetch(_ url: URL, key: String) async -> Result<ImageReference, ImageFailure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: url, headers: ["Accept": "image/*"], timeout: timeout))
        } catch {
            return .failure(ImageFailure("The image \(url.lastPathComponent) could not be loaded: \(error.userFacingMessage)"))
        }
        guard response.isSuccess else {
            return .failure(ImageFailure("The image \(url.lastPathComponent) could not be loaded: the server answered HTTP \(response.status)."))
        }
        guard response.body.count <= maximumImageSize else {
            return .failure(ImageFailure("The image \(url.lastPathComponent) is larger than the \(maximumImageSize)-byte limit."))
        }
        guard let contentType = ImageFormat.contentType(of: response.body, declared: response.headers["content-type"]) else {
            return .failure(ImageFailure("The reply for \(url.lastPathComponent) is not an image."))
        }
        let reference = ImageReference(key: key, contentType: contentType, byteCount: response.body.count)
        store.save(CachedImage(reference: reference, data: response.body), url: url)
        return .success(reference)
    }
}
