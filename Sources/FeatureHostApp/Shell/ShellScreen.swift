import FeatureHostCore
import FeatureHostRuntime
import TerminalUI

/// Draws the shell around the open feature: the home list, a failed feature's error panel, the "too
/// small" message, and the footer of keys on the last row.
@MainActor
struct ShellScreen {
    static let accent = Color.rgb(65, 69, 152)
    static let footerStyle = Style(foreground: .white, background: .rgb(40, 40, 48))

    let model: ShellModel

    /// Rows the shell keeps for itself: the footer.
    static let footerHeight = 1

    /// The window a scene needs: its own minimum (the area it is drawn in) plus the shell's footer. This is
    /// the size the "too small" message and the docs name, since the user resizes the whole window.
    static func windowMinimum(for scene: Size) -> Size {
        Size(width: scene.width, height: scene.height + footerHeight)
    }

    /// Whether a window of `size` draws the scene (its minimum plus the footer), not the "too small" message.
    static func showsScene(_ scene: any TerminalScene, in size: Size) -> Bool {
        Size(width: size.width, height: max(size.height - footerHeight, 0)).fits(scene.minimumSize)
    }

    func render(size: Size) -> Frame {
        var frame = Frame(size: size)
        guard size.width > 0, size.height > 0 else { return frame }
        let whole = Size(width: size.width, height: max(size.height - Self.footerHeight, 0))
        let banner = bannerLines(width: size.width, rows: whole.height)
        // Below the banner when the screen still fits there; over its top rows when the window has no room to spare.
        var top = banner.count
        if case .feature(let index) = model.screen, let scene = model.entries[index].scene,
            !Size(width: whole.width, height: whole.height - top).fits(scene.minimumSize)
        {
            top = 0
        }
        let body = Size(width: whole.width, height: whole.height - top)
        switch model.screen {
        case .home:
            frame.draw(home(size: body), at: Point(x: 0, y: top))
        case .feature(let index):
            let entry = model.entries[index]
            if let scene = entry.scene {
                let content =
                    body.fits(scene.minimumSize)
                    ? scene.render(size: body)
                    : Frame.tooSmall(size: body, minimum: Self.windowMinimum(for: scene.minimumSize), window: size)
                frame.draw(content, at: Point(x: 0, y: top))
            } else {
                frame.draw(errorPanel(entry, size: body), at: Point(x: 0, y: top))
            }
        }
        drawBanner(banner, into: &frame)
        drawFooter(into: &frame)
        return frame
    }

    static let bannerStyle = Style(foreground: .white, background: .rgb(150, 32, 32))
    /// Rows the banner may take at most: it covers the top of the screen, never the footer.
    static let bannerRows = 6

    /// A broken edit of the config: what is wrong, on the top rows until a good edit arrives. No rows when the
    /// config in force is the file's.
    private func bannerLines(width: Int, rows available: Int) -> [String] {
        let problems = model.configProblems
        let rows = min(1 + problems.count, Self.bannerRows, available)
        guard !problems.isEmpty, rows > 0, width > 2 else { return [] }
        var lines = ["The config has errors; the last good config still runs (\(model.app.commandName) validate lists them):"]
        let room = rows - 1
        if problems.count <= room {
            lines += problems
        } else if room > 0 {
            lines += problems.prefix(room - 1) + ["… and \(problems.count - (room - 1)) more"]
        }
        return lines.map { TextLayout.withEllipsis($0, width: width - 2) }
    }

    private func drawBanner(_ lines: [String], into frame: inout Frame) {
        for (row, line) in lines.enumerated() {
            let rect = Rect(x: 0, y: row, width: frame.size.width, height: 1)
            frame.fill(rect, style: Self.bannerStyle)
            var style = Self.bannerStyle
            style.bold = row == 0
            frame.put(" " + line, in: rect, style: style)
        }
    }

    private func home(size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = size.width
        frame.put(model.app.name, in: Rect(x: 2, y: 1, width: width - 4, height: 1), style: Style(foreground: Self.accent, bold: true))
        frame.put(
            model.entries.isEmpty ? "No features are enabled: check the config (\(model.app.commandName) list)." : "Choose a feature:",
            in: Rect(x: 2, y: 2, width: width - 4, height: 1), style: Style(dim: true))
        let rows = model.entries.enumerated().map { index, entry -> (String, String, Bool) in
            let summary = entry.failure == nil ? entry.manifest.summary : "could not start: see its screen"
            return (entry.manifest.title, summary, index == model.selection)
        }
        let available = max(size.height - 4, 0) / 2
        let first = max(0, min(model.selection - available + 1, rows.count - available))
        for (offset, row) in rows.dropFirst(first).prefix(available).enumerated() {
            let y = 4 + offset * 2
            let marker = row.2 ? "▶ " : "  "
            let titleStyle = row.2 ? Style(foreground: .white, background: Self.accent, bold: true) : Style(bold: true)
            frame.put(marker + row.0, in: Rect(x: 2, y: y, width: width - 4, height: 1), style: titleStyle)
            frame.put(row.1, in: Rect(x: 6, y: y + 1, width: width - 8, height: 1), style: Style(dim: !row.2))
        }
        return frame
    }

    private func errorPanel(_ entry: ShellEntry, size: Size) -> Frame {
        var frame = Frame(size: size)
        let box = Rect(x: 2, y: 1, width: max(size.width - 4, 0), height: max(size.height - 2, 0))
        frame.drawBox(box, style: Style(foreground: .red))
        frame.put(" \(entry.manifest.title) ", at: Point(x: 4, y: 1), style: Style(foreground: .red, bold: true))
        frame.putWrapped(
            entry.failure ?? "", in: Rect(x: 4, y: 3, width: max(box.width - 4, 0), height: max(box.height - 4, 0)))
        return frame
    }

    private func drawFooter(into frame: inout Frame) {
        let y = frame.size.height - 1
        frame.fill(Rect(x: 0, y: y, width: frame.size.width, height: 1), style: Self.footerStyle)
        let text =
            model.footerNote.map { note in
                DisplayWidth.of(note) <= frame.size.width - 1 ? note : TextLayout.withEllipsis(note, width: max(frame.size.width - 1, 0))
            }
            ?? Self.footerText(model.keyHints, width: frame.size.width - 1)
        frame.put(" " + text, in: Rect(x: 0, y: y, width: frame.size.width, height: 1), style: Self.footerStyle)
    }

    /// The hints that fit one row, never a hint cut in half. In order, until the line fits: all of them; without
    /// the universal `Ctrl-C quit`; with single spaces between hints; then whole hints dropped from the end of
    /// the screen's list (its least useful), keeping its first hint and the way out (any hint naming Esc). Only
    /// if even those do not fit is the line shortened with `…`.
    static func footerText(_ hints: [KeyHint], width: Int) -> String {
        func line(_ hints: [KeyHint], separator: String) -> String {
            hints.map { "\($0.key) \($0.action)" }.joined(separator: separator)
        }
        func fitting(_ hints: [KeyHint]) -> String? {
            [line(hints, separator: "  "), line(hints, separator: " ")].first { DisplayWidth.of($0) <= width }
        }
        let all = line(hints, separator: "  ")
        if DisplayWidth.of(all) <= width { return all }
        var kept = hints.filter { $0.key != "Ctrl-C" }
        if let text = fitting(kept) { return text }
        let essential = { (index: Int, hint: KeyHint) in index == 0 || hint.names("Esc") }
        while let last = kept.indices.last(where: { !essential($0, kept[$0]) }) {
            kept.remove(at: last)
            if let text = fitting(kept) { return text }
        }
        return TextLayout.withEllipsis(line(kept, separator: " "), width: max(width, 0))
    }
}
