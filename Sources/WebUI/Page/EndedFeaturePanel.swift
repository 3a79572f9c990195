/// What a live page's content becomes when its feature stops running there: the config turned it off, or a
/// restart after a config change could not start it. Patched into `#fh-root` over the open stream, so the page
/// stays usable without a reload; its link home is an ordinary link (no action), so it works as any link does.
enum EndedFeaturePanel {
    static func turnedOff(title: String) -> HTML {
        panel(heading: "\(title) was turned off in the config.", message: nil)
    }

    static func failedToRestart(title: String, message: String) -> HTML {
        panel(heading: "\(title) could not restart with the new config.", message: message)
    }

    private static func panel(heading: String, message: String?) -> HTML {
        Tag.div(.class("fh-panel"), .class("fh-feature-ended"), .role("alert")) {
            Tag.h1 { heading }
            if let message { Tag.p { message } }
            Tag.a(.href("/"), .class("fh-panel-home")) { "All features" }
        }.id("fh-feature-ended")
    }
}
