import FeatureHostCore

/// Everything the car news screen shows, already formatted, in words no surface owns: what a key does is the
/// surface's to say (`canRetry`, `canRefresh`), and how far a screen is scrolled is the surface's to keep.
public struct CarNewsViewState: Equatable, Sendable {
    /// What fills the screen under the header.
    public enum Body: Equatable, Sendable {
        /// The article rows.
        case list
        /// A full-screen message instead of rows: loading, no articles, or the error screen.
        case message(Message)
    }

    public struct Message: Equatable, Sendable {
        public var title: String
        public var detail: String?
        public var isError: Bool
        /// The load failed: refreshing tries again.
        public var canRetry: Bool
        /// There is nothing to show yet: refreshing may bring articles.
        public var canRefresh: Bool

        public init(title: String, detail: String? = nil, isError: Bool = false, canRetry: Bool = false, canRefresh: Bool = false) {
            self.title = title
            self.detail = detail
            self.isError = isError
            self.canRetry = canRetry
            self.canRefresh = canRefresh
        }
    }

    /// One article in the list.
    public struct Row: Equatable, Sendable, Identifiable {
        public var id: Int64
        public var title: String
        public var date: String
        /// What to call the image where it cannot be shown (its file name).
        public var imageLabel: String
        /// The picture; nil when the article has none. `.loading` also for a row far from the selection, whose
        /// image is asked for when the selection comes near.
        public var image: ImageState?

        public init(id: Int64, title: String, date: String, imageLabel: String, image: ImageState? = nil) {
            self.id = id
            self.title = title
            self.date = date
            self.imageLabel = imageLabel
            self.image = image
        }
    }

    /// Shown over a saved list when a refresh failed.
    public struct Banner: Equatable, Sendable {
        public var title: String
        public var detail: String
        /// Refreshing tries again (always, today; a surface words its own hint).
        public var canRetry: Bool

        public init(title: String, detail: String, canRetry: Bool = true) {
            self.title = title
            self.detail = detail
            self.canRetry = canRetry
        }
    }

    /// An open article.
    public struct Detail: Equatable, Sendable {
        public struct Section: Equatable, Sendable {
            public var subject: String
            public var description: String

            public init(subject: String, description: String) {
                self.subject = subject
                self.description = description
            }
        }

        public var id: Int64
        public var title: String
        public var date: String
        public var imageLabel: String
        /// The picture; nil when the article has none.
        public var image: ImageState?
        /// The saved text is being read: title, date and image are the row's until it arrives.
        public var isLoading: Bool
        public var ingress: String
        public var sections: [Section]
        /// `Tags: a, b`, or nil when the article has none.
        public var tags: String?
        /// Set when the article's text could not be read from the store.
        public var problem: String?
        /// The article is gone from the store: refreshing the list shows what the server has now.
        public var canRefresh: Bool

        public init(
            id: Int64, title: String, date: String, imageLabel: String, image: ImageState? = nil, isLoading: Bool = false,
            ingress: String, sections: [Section], tags: String?, problem: String? = nil, canRefresh: Bool = false
        ) {
            self.id = id
            self.title = title
            self.date = date
            self.imageLabel = imageLabel
            self.image = image
            self.isLoading = isLoading
            self.ingress = ingress
            self.sections = sections
            self.tags = tags
            self.problem = problem
            self.canRefresh = canRefresh
        }
    }

    public var title: String
    public var body: Body
    /// The rows held around the selection (`ArticleWindow`), not the whole list: `rows[0]` is the list's row
    /// `firstRowIndex`. A screen draws the rows it shows with `row(at:)`.
    public var rows: [Row]
    /// Rows in the whole list.
    public var rowCount: Int
    /// The list position of `rows[0]`.
    public var firstRowIndex: Int
    /// The focused row's list position; nil only when there are no rows.
    public var selectedIndex: Int?
    public var banner: Banner?
    /// `Updating…` while a refresh runs, else nil.
    public var status: String?
    /// `7 articles`; nil when there are none.
    public var count: String?
    /// One-line notes under the list: articles skipped, a file moved aside, saving that failed.
    public var notices: [String]
    public var detail: Detail?

    public init(
        title: String = CarNewsViewState.screenTitle, body: Body, rows: [Row] = [], rowCount: Int? = nil,
        firstRowIndex: Int = 0, selectedIndex: Int? = nil, banner: Banner? = nil, status: String? = nil, count: String? = nil,
        notices: [String] = [], detail: Detail? = nil
    ) {
        self.title = title
        self.body = body
        self.rows = rows
        self.rowCount = rowCount ?? rows.count
        self.firstRowIndex = firstRowIndex
        self.selectedIndex = selectedIndex
        self.banner = banner
        self.status = status
        self.count = count
        self.notices = notices
        self.detail = detail
    }

    public static let screenTitle = "Car News"

    /// The row at list position `index`; nil outside the rows held (for the moment a far jump's rows are read).
    public func row(at index: Int) -> Row? {
        index >= firstRowIndex && index - firstRowIndex < rows.count ? rows[index - firstRowIndex] : nil
    }

    /// The list position of the row of article `id`, when it is held.
    public func index(ofArticle id: Int64) -> Int? {
        rows.firstIndex { $0.id == id }.map { $0 + firstRowIndex }
    }
}
