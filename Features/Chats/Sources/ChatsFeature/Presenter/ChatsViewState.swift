import Foundation

/// Everything the chats screens show, already formatted. The launch screen, the loading screen with its
/// loader, the hand-over (both layers with their scale and opacity) and the list.
public struct ChatsViewState: Sendable, Equatable {
    public enum Screen: Sendable, Equatable {
        /// The orange logo on white: before the feature is opened, and for `launchDuration` after.
        case launch
        /// The loader, looping; `loader` says which frames and how far the dissolve is.
        case loading
        /// The hand-over: the loading screen (`loadingLayer`) over the list (`listLayer`).
        case transition
        /// The list alone.
        case list
    }

    public var screen: Screen
    /// The label under the loader: `Loading`.
    public var loadingLabel: String
    public var loader: LoaderState
    public var loadingLayer: LayerState
    public var listLayer: LayerState
    /// Linear progress of the hand-over, 0…1.
    public var transitionProgress: Double
    public var list: ChatListState

    public init(
        screen: Screen, loadingLabel: String, loader: LoaderState, loadingLayer: LayerState, listLayer: LayerState,
        transitionProgress: Double, list: ChatListState
    ) {
        self.screen = screen
        self.loadingLabel = loadingLabel
        self.loader = loader
        self.loadingLayer = loadingLayer
        self.listLayer = listLayer
        self.transitionProgress = transitionProgress
        self.list = list
    }
}

/// The list screen: a title, a summary line, and rows, an empty message or an error. Which rows are on screen
/// (the scroll) is each surface's own business; the presenter keeps only the selection.
public struct ChatListState: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Loading again after an error or a refresh with nothing to show yet.
        case loading(String)
        case rows(ChatRows)
        case empty(title: String, message: String)
        /// The load failed: a title, the source's message (what and where) and the retry button.
        case failed(title: String, message: String, hint: String, retry: String)
    }

    public var title: String
    /// `14 chats · 1,476 unread messages`; empty until chats are loaded.
    public var summary: String
    /// Set when an `http` source served its saved copy, with why:
    /// `Offline: showing chats saved Yesterday. Could not connect to 127.0.0.1: the connection was refused.`
    public var notice: String?
    public var content: Content
    /// The focused row, when there are rows.
    public var selectedIndex: Int?
    /// `Loading chats…` while a refresh runs and the old rows stay on screen; `nil` otherwise.
    public var refreshing: String?

    public init(
        title: String, summary: String = "", notice: String? = nil, content: Content, selectedIndex: Int? = nil,
        refreshing: String? = nil
    ) {
        self.title = title
        self.summary = summary
        self.notice = notice
        self.content = content
        self.selectedIndex = selectedIndex
        self.refreshing = refreshing
    }

    public var rows: ChatRows? {
        if case .rows(let rows) = content { return rows }
        return nil
    }
}
