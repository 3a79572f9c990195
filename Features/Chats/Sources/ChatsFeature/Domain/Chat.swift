import FeatureHostCore
import Foundation

/// One row of `data.plist`: the latest message of a conversation. The keys are the file's own, so the same
/// type decodes the plist, the JSON form and a web service's reply.
public struct Chat: Codable, Sendable, Equatable, Hashable {
    public var identifier: Int
    public var fullname: String
    /// May be empty: then the row shows the grey placeholder circle and nothing is fetched.
    public var avatarURL: String
    public var message: String
    public var unreadMessagesCount: Int
    public var sendingDate: Date

    /// Texts are cut to their `TextLimit` here, where every source's chats come in (decoded or built): a name to
    /// `.name`, the message to `.message`; an avatar URL longer than `.url` is dropped (the row shows the initials).
    public init(identifier: Int, fullname: String, avatarURL: String, message: String, unreadMessagesCount: Int, sendingDate: Date) {
        self.identifier = identifier
        self.fullname = TextLimit.name.apply(fullname)
        self.avatarURL = TextLimit.url.acceptsURL(avatarURL) ? avatarURL : ""
        self.message = TextLimit.message.apply(message)
        self.unreadMessagesCount = unreadMessagesCount
        self.sendingDate = sendingDate
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, fullname, avatarURL, message, unreadMessagesCount, sendingDate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            identifier: try container.decode(Int.self, forKey: .identifier),
            fullname: try container.decode(String.self, forKey: .fullname),
            avatarURL: try container.decode(String.self, forKey: .avatarURL),
            message: try container.decode(String.self, forKey: .message),
            unreadMessagesCount: try container.decode(Int.self, forKey: .unreadMessagesCount),
            sendingDate: try container.decode(Date.self, forKey: .sendingDate))
    }

    /// The avatar to fetch: an absolute `http` or `https` URL with a host, else `nil` (empty or unusable).
    public var avatar: URL? {
        let text = avatarURL.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

extension Array where Element == Chat {
    /// Newest message first, as every chat app lists conversations; equal dates keep the file's order.
    public func sortedForDisplay() -> [Chat] {
        enumerated()
            .sorted { lhs, rhs in
                lhs.element.sendingDate != rhs.element.sendingDate
                    ? lhs.element.sendingDate > rhs.element.sendingDate : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
