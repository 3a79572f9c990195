import Foundation

/// Where a row's avatar stands. Every state but `loaded` shows the solid `#C8C8C8` circle.
public enum AvatarState: Sendable, Equatable {
    /// `avatarURL` is empty or not an http(s) URL: nothing to fetch.
    case none
    /// Not requested (the row has not been on screen, or its load was cancelled when it scrolled away).
    case idle
    case loading
    case loaded(AvatarImage)
    /// The fetch failed; the reason is for logs and tests, the row shows the placeholder.
    case failed(String)

    public var showsPlaceholder: Bool {
        if case .loaded = self { return false }
        return true
    }
}

/// A fetched avatar: its bytes and type, for a surface that can draw pictures.
public struct AvatarImage: Sendable, Equatable {
    public var url: URL
    /// `image/png`, `image/jpeg`, `image/gif`, `image/webp`, or what the server declared.
    public var mediaType: String
    public var data: Data

    public init(url: URL, mediaType: String, data: Data) {
        self.url = url
        self.mediaType = mediaType
        self.data = data
    }
}
