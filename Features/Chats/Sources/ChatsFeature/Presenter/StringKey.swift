/// Every key of `Localizable.strings`. Plural keys name a family: `<key>.one`, `<key>.other`.
public enum StringKey: String, Sendable, CaseIterable {
    case title = "chats.title"
    case dateYesterday = "date.yesterday"
    case chatCount = "list.chatCount"
    case unreadCount = "list.unreadCount"
    case summarySeparator = "list.summarySeparator"
    case emptyTitle = "list.empty.title"
    case emptyMessage = "list.empty.message"
    case reloading = "list.reloading"
    case cachedNotice = "list.cachedNotice"
    case badgeOverflow = "row.badgeOverflow"
    case errorTitle = "error.title"
    case errorHint = "error.hint"
    case retryButton = "error.retry"
    case hintMove = "hint.move"
    case hintTopBottom = "hint.topBottom"
    case hintRefresh = "hint.refresh"
    case hintRetry = "hint.retry"
    case loadingAccessibility = "loading.label"

    /// Keys that are plural families rather than single entries.
    public static let plurals: Set<StringKey> = [.chatCount, .unreadCount]
}
