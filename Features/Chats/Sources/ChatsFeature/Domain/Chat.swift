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

    public init(identifier: Int, fullname: String, avatarURL: String, message: String, unreadMessagesCount: Int, sendingDate: Date) {
        self.identifier = identifier
        self.fullname = fullname
        self.avatarURL = avatarURL
        self.message = message
        self.unreadMessagesCount = unreadMessagesCount
        self.sendingDate = sendingDate
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
