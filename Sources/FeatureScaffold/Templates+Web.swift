/// The web module: `Sources/<Name>Web`. Its own feature module, FeatureHostCore and WebUI; its stylesheet under
/// `Resources/`, served at `/assets/<id>/<id>.css`.
extension Templates {
    /// - Parameter pluginBundle: for a plugin, its web target's resource bundle (`<Package>_<Target>`), found beside
    ///   the library; nil for a compiled-in feature, whose `Bundle.module` is beside the host.
    static func webConformance(_ names: FeatureNames, pluginBundle: String? = nil) -> String {
        let asset =
            pluginBundle.map { #"WebAsset(resource: "\#(names.id).css", inBundleNamed: "\#($0)")"# }
            ?? #"WebAsset(resource: "\#(names.id).css", in: .module)"#
        return #"""
            \#(imports("FeatureHostCore", "Foundation", "WebUI", names.module))

            /// \#(names.title) on the web (`featurehost serve`): its stylesheet, and a scene per page load that starts
            /// nothing (the host's session sends `.appear` to the feature when the page is first shown).
            extension \#(names.module): WebFeature {
                public static let webAssets = WebAssets([\#(asset)])

                @MainActor public func makeWebScene() -> any WebScene { \#(names.name)WebScene(presenter: presenter) }
            }

            """#
    }

    static func webScene(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "WebUI", names.module))

        /// Renders the presenter's view state as HTML (the same view state the terminal draws) and turns page
        /// events into its actions. `render` only renders.
        @MainActor
        final class \#(names.name)WebScene: WebScene {
            private let presenter: \#(names.name)Presenter

            init(presenter: \#(names.name)Presenter) { self.presenter = presenter }

            func render() -> HTML {
                let state = presenter.viewState
                let openFor = state.isPaused ? "\(state.openFor), paused in the background" : state.openFor
                return Tag.section(.class("\#(names.id)"), .aria("labelledby", "\#(names.id)-title")) {
                    Tag.h1(.class("\#(names.id)-title")) { "\#(names.title)" }.id("\#(names.id)-title")
                    Tag.p(.class("\#(names.id)-greeting")) { state.greeting }
                    Tag.div(.class("\#(names.id)-actions")) {
                        Tag.button(.type("button"), .class("\#(names.id)-press"), .data("action", \#(names.name)WebAction.press.name)) { "Press" }.id("\#(names.id)-press")
                        Tag.span(.class("\#(names.id)-presses"), .aria("live", "polite")) { state.presses }
                    }
                    Tag.p(.class("\#(names.id)-open-for")) { openFor }
                }
            }

            func handle(_ event: PageEvent) -> WebEventHandling {
                guard event.kind == .click, \#(names.name)WebAction(name: event.action) == .press else { return .ignored }
                presenter.send(.press)
                return .handled
            }
        }

        """#
    }

    /// The page's `data-action` names as one enum, parsed back from page events: the markup and `handle` never
    /// spell an action as a literal (`RegistryAudit` checks it).
    static func webAction(_ names: FeatureNames) -> String {
        #"""
        /// The `data-action` names the page's controls carry, and their parsing back from a page event. Whatever a
        /// page sends, parsing either finds one of these or nothing.
        enum \#(names.name)WebAction: String, Equatable, CaseIterable {
            /// The Press button.
            case press

            var name: String { rawValue }

            init?(name: String) { self.init(rawValue: name) }
        }

        """#
    }

    /// Scoped under the scene's root class; light and dark colours both meet WCAG AA, the focus ring is visible.
    static func webStylesheet(_ names: FeatureNames) -> String {
        let root = "." + names.id
        return """
            \(root) {
              --accent: #3a3f9e;
              --text: #1b1b26;
              --muted: #55566a;
              --surface: #ffffff;
              max-width: 36rem; margin: 3rem auto; padding: 1.5rem 2rem; border-radius: 1rem;
              background: var(--surface); color: var(--text); font: 1rem/1.5 system-ui, sans-serif;
            }
            @media (prefers-color-scheme: dark) {
              \(root) { --accent: #aab0ff; --text: #ececf4; --muted: #b4b5c8; --surface: #1d1e2c; }
            }
            \(root) .\(names.id)-title { margin: 0 0 1rem; font-size: 1.5rem; }
            \(root) .\(names.id)-actions { display: flex; align-items: center; gap: 1rem; margin: 1rem 0; }
            \(root) .\(names.id)-press {
              font: inherit; font-weight: 600; padding: 0.4rem 1.25rem; border-radius: 0.5rem; cursor: pointer;
              border: 2px solid var(--accent); background: var(--accent); color: var(--surface);
            }
            \(root) .\(names.id)-press:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
            \(root) .\(names.id)-presses, \(root) .\(names.id)-open-for { color: var(--muted); }

            """
    }

    static func webSceneTests(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "FeatureHostTesting", "Testing", "WebUI", "WebUITesting", names.module, names.fixturesModule))

        @testable import \#(names.webModule)

        @Suite @MainActor struct \#(names.name)WebSceneTests {
            let host: TestHost
            let feature: \#(names.module)
            let scene: any WebScene

            /// The feature shown as the web shows it: its scene made, then `.appear`.
            init() throws {
                host = try TestHost()
                feature = try \#(names.module).onTestHost(host)
                scene = feature.makeWebScene()
                feature.handle(.appear)
            }

            @Test func theMainPageMatchesItsGoldenHTML() async throws {
                await host.settle()
                try GoldenFile.check(scene.goldenText(), named: "main.html", in: GoldenFile.directory())
            }

            @Test func aClickOnPressPressesAndOtherEventsAreIgnored() {
                let changes = feature.presenter.changeCount
                #expect(scene.handle(.click("press")) == .handled)
                #expect(scene.handle(.click("other")) == .ignored)
                #expect(scene.handle(.key("Escape")) == .ignored)
                #expect(scene.html().contains(">Pressed once<"))
                #expect(feature.presenter.changeCount == changes + 1, "one change, for the press")
            }

            @Test func timeAndTheBackgroundAreShown() async {
                await host.advance(by: .seconds(2))
                #expect(scene.html().contains(">Open for 2 s<"))
                feature.handle(.didEnterBackground)
                #expect(scene.html().contains(">Open for 2 s, paused in the background<"))
            }

            @Test func theStylesheetShips() {
                #expect(\#(names.module).webAssets.stylesheets.map(\.name) == ["\#(names.id).css"])
                guard case .success(let bytes) = \#(names.module).webAssets.files.first?.contents else {
                    Issue.record("\#(names.id).css is not in the bundle")
                    return
                }
                #expect(String(decoding: bytes, as: UTF8.self).contains(".\#(names.id)"))
            }
        }

        """#
    }

    /// What the generated web scene renders once the feature has appeared, one element per line.
    static func webGolden(_ names: FeatureNames) -> String {
        let id = names.id
        return [
            #"<section aria-labelledby="\#(id)-title" class="\#(id)">"#,
            #"<h1 class="\#(id)-title" id="\#(id)-title">\#(names.title)</h1>"#,
            #"<p class="\#(id)-greeting">\#(defaultGreeting(names))</p>"#,
            #"<div class="\#(id)-actions">"#,
            #"<button class="\#(id)-press" data-action="press" id="\#(id)-press" type="button">Press</button>"#,
            #"<span aria-live="polite" class="\#(id)-presses">Not pressed yet</span>"#,
            #"</div>"#,
            #"<p class="\#(id)-open-for">Open for 0 s</p>"#,
            #"</section>"#,
        ].joined(separator: "\n") + "\n"
    }
}
