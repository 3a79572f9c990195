import FeatureHostCore
import Foundation

/// One chat row, formatted: what any surface draws for it.
public struct ChatRowState: Sendable, Equatable {
    public var identifier: Int
    public var name: String
    /// The latest message's date, relative to now (see `ChatDateFormatter`).
    public var date: String
    /// The whole message: surfaces wrap it and never cut it.
    public var message: String
    /// `nil` at 0 unread; the count up to 99; `99+` above.
    public var unreadBadge: String?
    /// The picture from the host's image cache. `nil` when there is none to show: no usable URL, or not
    /// fetched (the row is outside the rows whose avatars load, or its fetch was cancelled when it left them).
    /// Surfaces draw their placeholder for everything but `.loaded`.
    public var avatar: ImageState?
    /// Up to two letters for a surface that cannot draw the picture (the terminal draws them on `avatarColor`).
    public var initials: String
    public var avatarColor: AvatarColor

    public init(
        identifier: Int, name: String, date: String, message: String, unreadBadge: String?, avatar: ImageState?,
        initials: String, avatarColor: AvatarColor
    ) {
        self.identifier = identifier
        self.name = name
        self.date = date
        self.message = message
        self.unreadBadge = unreadBadge
        self.avatar = avatar
        self.initials = initials
        self.avatarColor = avatarColor
    }
}
