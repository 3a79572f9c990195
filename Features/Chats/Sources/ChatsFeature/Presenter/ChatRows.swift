import FeatureHostCore
import Foundation

/// The list's rows, formatted when read: with 100,000 chats a surface reads only the rows it lays out, so
/// building the state stays O(1) and comparing two states short-circuits on the shared chat storage.
public struct ChatRows: RandomAccessCollection, Sendable, Equatable {
    let chats: [Chat]
    /// The avatars fetched or being fetched, by URL; rows sharing a URL share its state.
    let avatars: [URL: ImageState]
    /// "Now" for relative dates; refreshed at each local midnight and on every load.
    let now: Date
    let formatter: ChatRowFormatter

    public init(chats: [Chat], avatars: [URL: ImageState], now: Date, formatter: ChatRowFormatter) {
        self.chats = chats
        self.avatars = avatars
        self.now = now
        self.formatter = formatter
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { chats.count }

    public subscript(position: Int) -> ChatRowState {
        let chat = chats[position]
        return formatter.row(chat, avatar: chat.avatar.flatMap { avatars[$0] }, now: now)
    }

    /// The chat behind a row, unformatted.
    public func chat(at position: Int) -> Chat { chats[position] }

    public static func == (lhs: ChatRows, rhs: ChatRows) -> Bool {
        lhs.formatter == rhs.formatter && lhs.now == rhs.now && lhs.avatars == rhs.avatars && lhs.chats == rhs.chats
    }
}
