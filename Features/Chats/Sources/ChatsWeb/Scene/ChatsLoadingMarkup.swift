import ChatsFeature
import FeatureHostCore
import WebUI

/// The launch and loading screens: the orange logo, and below it the six-frame loader and `Loading`. The loader
/// is there from the launch screen on, invisible, so the logo does not move when it appears.
enum ChatsLoadingMarkup {
    static let logoPath = WebAssets.path(feature: ChatsFeature.manifest.id, file: "logo.svg")
    /// The original's loader pictures were 43×57 pt.
    static let frameWidth = "43"
    static let frameHeight = "57"
    static let frameCount = 6

    static func layer(_ state: ChatsViewState, copy: ChatsWebCopy) -> HTML {
        switch state.screen {
        case .list:
            return Tag.div(.class("chats-loading-layer"), .hidden()).id("chats-loading-layer")
        case .launch, .loading, .transition:
            let leaving = state.screen == .transition
            return Tag.div(
                .class(leaving ? "chats-loading-layer chats-leaving" : "chats-loading-layer"),
                .when(leaving, .aria("hidden", "true"))
            ) {
                Tag.img(.class("chats-logo"), .src(logoPath), .alt(copy.logo), .width("120"), .height("120"))
                Tag.div(.class("chats-loader"), .aria("hidden", "true")) {
                    for index in 0..<frameCount { frame(index) }
                }
                Tag.p(.class("chats-loading-label"), .role("status")) { state.screen == .launch ? "" : state.loadingLabel }
                    .id("chats-loading-label")
            }
            .id("chats-loading-layer")
        }
    }

    /// Six dots on a ring, clockwise from the top left; in frame `f` the dot at `f` is the orange head and the
    /// two before it a fading tail, the others light grey (the terminal's loader, drawn).
    static func frame(_ index: Int) -> HTML {
        Tag.svg(
            .class("chats-loader-frame chats-loader-frame-\(index)"), .viewBox("0 0 43 57"), .width(frameWidth),
            .height(frameHeight)
        ) {
            for (position, point) in dots.enumerated() {
                Tag.circle(.class(dotClass(position: position, head: index)), .cx(point.x), .cy(point.y), .r("4.5"))
            }
        }
    }

    private static let dots: [(x: String, y: String)] = [
        ("14", "15.5"), ("29", "15.5"), ("36.5", "28.5"), ("29", "41.5"), ("14", "41.5"), ("6.5", "28.5"),
    ]

    private static func dotClass(position: Int, head: Int) -> String {
        switch (head - position + frameCount) % frameCount {
        case 0: "chats-dot-head"
        case 1: "chats-dot-tail"
        case 2: "chats-dot-tail2"
        default: "chats-dot"
        }
    }
}
