/// The terminal module: `Sources/<Name>Terminal`. Its own feature module, FeatureHostCore and TerminalUI.
extension Templates {
    static func terminalConformance(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "TerminalUI", names.module))

        /// \#(names.title) in the terminal shell: makes the scene and starts nothing (the host's session sends
        /// `.appear` to the feature when the scene is first shown).
        extension \#(names.module): TerminalFeature {
            @MainActor public func makeScene() -> any TerminalScene { \#(names.name)TerminalScene(presenter: presenter) }
        }

        """#
    }

    static func scene(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "TerminalUI", names.module))

        /// Draws the presenter's view state and turns keys into its actions. `render` only draws; the shell draws
        /// again when what it read changes (a scene with view-local state of its own, a scroll, is `@Observable`).
        @MainActor
        final class \#(names.name)TerminalScene: TerminalScene {
            private let presenter: \#(names.name)Presenter

            init(presenter: \#(names.name)Presenter) { self.presenter = presenter }

            var minimumSize: Size { Size(width: 32, height: 9) }
            var keyHints: [KeyHint] { [KeyHint(key: "Enter", action: "press")] }

            func render(size: Size) -> Frame {
                var frame = Frame(size: size)
                let state = presenter.viewState
                let width = max(size.width - 4, 0)
                frame.put("\#(names.title)", in: Rect(x: 2, y: 1, width: width, height: 1), style: Style(bold: true))
                frame.put(state.greeting, in: Rect(x: 2, y: 3, width: width, height: 1))
                let button = frame.drawButton("Press", at: Point(x: 2, y: 5), focused: true)
                frame.put(state.presses, at: Point(x: button.maxX + 2, y: 5), style: Style(dim: true))
                let openFor = state.isPaused ? "\(state.openFor), paused in the background" : state.openFor
                frame.put(openFor, in: Rect(x: 2, y: 7, width: width, height: 1), style: Style(dim: true))
                return frame
            }

            func handle(_ key: Key) -> KeyHandling {
                guard key == .enter else { return .ignored }
                presenter.send(.press)
                return .handled
            }
        }

        """#
    }

    /// What the generated scene draws at 80×24 once the feature has appeared: plain text, one line per row,
    /// trailing spaces trimmed.
    static func golden(_ names: FeatureNames) -> String {
        var rows = Array(repeating: "", count: 24)
        rows[1] = "  \(names.title)"
        rows[3] = "  \(defaultGreeting(names))"
        rows[5] = "  [ Press ]  Not pressed yet"
        rows[7] = "  Open for 0 s"
        return rows.joined(separator: "\n")
    }
}
