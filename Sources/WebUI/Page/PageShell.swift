import FeatureHostCore
import Foundation

/// The pages around the features: the home with the enabled features in config order, a feature's page
/// (its scene inside `<main id="fh-root">`), and the panel of a feature that cannot be shown. Every page's title
/// carries the app's name ("Chats · MyApp"; the home is the name alone): an app that embeds the host is itself.
public enum PageShell {
    public static let defaultAppName = "FeatureHost"

    public static let scriptPath = "/assets/featurehost.js"
    public static let stylesheetPath = "/assets/featurehost.css"

    /// The live page of one feature. `body` carries what the client script needs to join the session; the
    /// config banner (`problems`, as of config version `configVersion`) shows while the config is broken.
    public static func featurePage(
        title pageTitle: String, featureID: FeatureID, stylesheets: [String], content: HTML, session: PageSessionInfo,
        language: String, appName: String = defaultAppName, problems: [String] = [], configVersion: Int = 0
    ) -> HTML {
        document(title: pageTitle, appName: appName, language: language, stylesheets: stylesheets, script: true) {
            Tag.body(
                .data("fh-session", session.id), .data("fh-version", String(session.version)),
                .data("fh-hour-cycle", session.hourCycle), .data("fh-fixed", session.fixed),
                .data("fh-feature", featureID.rawValue), .data("fh-config", String(configVersion))
            ) {
                homeLink
                ConfigBanner.html(problems)
                Tag.main(.class("fh-feature"), .data("feature", featureID.rawValue)) { content }.id("fh-root")
            }
        }
    }

    /// The home: every enabled feature in config order; one that cannot be shown says why. The script keeps it
    /// live in its home mode: `/home/events` brings the list when the config changes it (`homeVersion` is the
    /// list's version) and the config banner.
    public static func home(
        _ entries: [HomeEntry], language: String, appName: String = defaultAppName, homeVersion: Int = 0, problems: [String] = [],
        configVersion: Int = 0
    ) -> HTML {
        document(title: appName, appName: appName, language: language, stylesheets: [], script: true) {
            Tag.body(.data("fh-home", ""), .data("fh-version", String(homeVersion)), .data("fh-config", String(configVersion))) {
                ConfigBanner.html(problems)
                Tag.main(.class("fh-home")) { homeContent(entries, appName: appName) }.id("fh-root")
            }
        }
    }

    /// What the home's `#fh-root` holds: its heading and the list. Also what a `home` event carries.
    public static func homeContent(_ entries: [HomeEntry], appName: String = defaultAppName) -> HTML {
        HTML.build {
            Tag.header(.class("fh-home-header")) {
                Tag.h1 { appName }
                Tag.p { entries.isEmpty ? "No feature is enabled in the config." : "Choose a feature." }
            }
            Tag.ul(.class("fh-feature-list")) {
                for entry in entries {
                    Tag.li(.class("fh-feature-item"), .class(entry.failure == nil ? "" : "fh-failed")) {
                        Tag.a(.href("/f/\(entry.id.rawValue)"), .class("fh-feature-link")) {
                            Tag.span(.class("fh-feature-title")) { entry.title }
                            Tag.span(.class("fh-feature-summary")) { entry.failure ?? entry.summary }
                        }
                    }.id("feature-\(entry.id.rawValue)")
                }
            }
        }
    }

    /// A feature that failed to start (or has no web view): its message, and the way back.
    public static func failure(title pageTitle: String, message: String, language: String, appName: String = defaultAppName) -> HTML {
        panel(title: pageTitle, message: message, language: language, appName: appName)
    }

    /// A page for a refusal or a missing page: what happened and the way home.
    public static func panel(
        title pageTitle: String, message: String, language: String = "en", appName: String = defaultAppName
    ) -> HTML {
        document(title: pageTitle, appName: appName, language: language, stylesheets: [], script: false) {
            Tag.body {
                Tag.main(.class("fh-panel"), .role("alert")) {
                    Tag.h1 { pageTitle }
                    Tag.p { message }
                    Tag.a(.href("/"), .class("fh-panel-home")) { "All features" }
                }
            }
        }
    }

    /// A refusal (403, 421): what happened and how to get in, with no link home (home would refuse the same way).
    public static func refusal(
        title pageTitle: String, appName: String = defaultAppName, language: String = "en", @HTMLBuilder message: () -> HTML
    ) -> HTML {
        document(title: pageTitle, appName: appName, language: language, stylesheets: [], script: false) {
            Tag.body {
                Tag.main(.class("fh-panel"), .class("fh-refusal"), .role("alert")) {
                    Tag.h1 { pageTitle }
                    message()
                }
            }
        }
    }

    private static var homeLink: HTML {
        Tag.a(.href("/"), .class("fh-home-link")) { "All features" }
    }

    private static func document(
        title pageTitle: String, appName: String, language: String, stylesheets: [String], script: Bool,
        @HTMLBuilder content: () -> HTML
    ) -> HTML {
        let fullTitle = pageTitle == appName ? appName : "\(pageTitle) · \(appName)"
        return Tag.html(.lang(language)) {
            Tag.head {
                Tag.meta(.charset("utf-8"))
                Tag.meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                Tag.meta(.name("color-scheme"), .content("light dark"))
                Tag.title { fullTitle }
                Tag.link(.rel("stylesheet"), .href(stylesheetPath))
                for sheet in stylesheets { Tag.link(.rel("stylesheet"), .href(sheet)) }
                if script { Tag.script(src: scriptPath, .defer()) }
            }
            content()
        }
    }
}

/// What a feature page tells the client script about its session.
public struct PageSessionInfo: Sendable, Equatable {
    public var id: String
    public var version: Int
    /// `h12` or `h23`.
    public var hourCycle: String
    /// `hour-cycle` when the config or flags fix it (the browser's own is then not asked for), else empty.
    public var fixed: String

    public init(id: String, version: Int, hourCycle: String, fixed: String) {
        self.id = id
        self.version = version
        self.hourCycle = hourCycle
        self.fixed = fixed
    }
}
