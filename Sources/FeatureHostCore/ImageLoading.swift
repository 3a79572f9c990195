import Foundation

/// The host's image service, lent through the context: fetches an image once, keeps its bytes in a bounded
/// cache under the data directory, and names it by a key a surface can serve or draw from. The live
/// implementation is `ImageCache` in DataSources.
public protocol ImageLoading: Sendable {
    /// The cached image for `url`, fetched when it is not cached yet. One fetch per URL at a time; a
    /// cancelled caller stops waiting (the fetch goes on while others wait for it).
    func image(at url: URL) async throws(ImageFailure) -> ImageReference
    /// The bytes kept under `key`, or nil when they are not (or no longer) cached.
    func cachedImage(forKey key: String) -> CachedImage?
    /// This loader for a feature whose configured source is at `origin`: image URLs named by that source's data
    /// are fetched from public hosts and from `origin`, never from other local or private addresses. The host
    /// gives each feature its loader scoped this way; a loader without a notion of addresses returns itself (and
    /// says so: there is no default, so a loader never skips the check by forgetting it).
    func scoped(trusting origin: HTTPOrigin?) -> any ImageLoading
}

/// An image in the cache: what a view state carries once it has loaded.
public struct ImageReference: Sendable, Equatable, Hashable {
    /// Stable for a URL: a surface serves the bytes under it.
    public var key: String
    public var contentType: String
    public var byteCount: Int

    public init(key: String, contentType: String, byteCount: Int) {
        self.key = key
        self.contentType = contentType
        self.byteCount = byteCount
    }
}

/// The bytes of a cached image.
public struct CachedImage: Sendable, Equatable {
    public var reference: ImageReference
    public var data: Data

    public init(reference: ImageReference, data: Data) {
        self.reference = reference
        self.data = data
    }
}

/// Why an image could not be had, as a sentence.
public struct ImageFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// What a view state says of one image: each surface draws its own placeholder for the first and last.
public enum ImageState: Sendable, Equatable, Hashable {
    case loading
    case loaded(ImageReference)
    case failed(String)
}
