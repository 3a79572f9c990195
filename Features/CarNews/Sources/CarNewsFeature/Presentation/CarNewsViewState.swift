/// Everything the car news screen shows, already formatted.
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
        public var hint: String?
        public var isError: Bool

        public init(title: String, detail: String? = nil, hint: String? = nil, isError: Bool = false) {
            self.title = title
            self.detail = detail
            self.hint = hint
            self.isError = isError
        }
    }

    /// One article in the list.
    public struct Row: Equatable, Sendable, Identifiable {
        public var id: Int64
        public var title: String
        public var date: String
        /// The label of the image placeholder.
        public var imageLabel: String

        public init(id: Int64, title: String, date: String, imageLabel: String) {
            self.id = id
            self.title = title
            self.date = date
            self.imageLabel = imageLabel
        }
    }

    /// Shown over a saved list when a refresh failed.
    public struct Banner: Equatable, Sendable {
        public var title: String
        public var detail: String
        public var hint: String

        public init(title: String, detail: String, hint: String) {
            self.title = title
            self.detail = detail
            self.hint = hint
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
        public var ingress: String
        public var sections: [Section]
        /// `Tags: a, b`, or nil when the article has none.
        public var tags: String?
        /// Set when the article's text could not be read from the store.
        public var problem: String?
        /// The first line shown of the article's text. How many lines there are depends on the width, so the
        /// scene clamps it when drawing (End asks for `Int.max`).
        public var scroll: Int

        public init(
            id: Int64, title: String, date: String, imageLabel: String, ingress: String, sections: [Section],
            tags: String?, problem: String? = nil, scroll: Int = 0
        ) {
            self.id = id
            self.title = title
            self.date = date
            self.imageLabel = imageLabel
            self.ingress = ingress
            self.sections = sections
            self.tags = tags
            self.problem = problem
            self.scroll = scroll
        }
    }

    public var title: String
    public var body: Body
    public var rows: [Row]
    /// The focused row; nil only when there are no rows.
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
        title: String = CarNewsViewState.screenTitle, body: Body, rows: [Row] = [], selectedIndex: Int? = nil,
        banner: Banner? = nil, status: String? = nil, count: String? = nil, notices: [String] = [], detail: Detail? = nil
    ) {
        self.title = title
        self.body = body
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.banner = banner
        self.status = status
        self.count = count
        self.notices = notices
        self.detail = detail
    }

    public static let screenTitle = "Car News"
}
