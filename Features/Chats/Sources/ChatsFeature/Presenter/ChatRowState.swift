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
    public var avatar: AvatarState
    /// Up to two letters for a surface that cannot draw the picture (the terminal draws them on `avatarColor`).
    public var initials: String
    public var avatarColor: AvatarColor

    public init(
        identifier: Int, name: String, date: String, message: String, unreadBadge: String?, avatar: AvatarState,
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

/// The colour a loaded avatar stands in with where pictures cannot be drawn. Picked from the name, so a
/// person keeps their colour across runs; never the placeholder grey.
public enum AvatarColor: String, Sendable, Equatable, CaseIterable {
    case coral, amber, olive, teal, sky, indigo, violet, rose

    static func forName(_ name: String) -> AvatarColor {
        // FNV-1a: stable across runs, unlike `hashValue`.
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return allCases[Int(hash % UInt32(allCases.count))]
    }
}
