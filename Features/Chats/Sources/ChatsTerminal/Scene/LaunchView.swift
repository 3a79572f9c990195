import ChatsFeature
import TerminalUI

/// The orange app logo (a speech bubble) and the six-frame loader, drawn with block characters.
enum LaunchView {
    /// The logo, one string per row: `█ ▄ ▀` are orange, `●` is a white dot on orange.
    static let logo = [
        " ▄▄▄▄▄▄▄▄▄▄▄ ",
        "███●██●██●███",
        " ▀█▀▀▀▀▀▀▀▀▀ ",
        " ▀           ",
    ]
    static let logoSize = Size(width: 13, height: 4)

    /// Draws the logo with its top-left corner at `origin`, on the white background.
    static func drawLogo(into frame: inout Frame, at origin: Point) {
        for (row, line) in logo.enumerated() {
            for (column, character) in line.enumerated() where character != " " {
                let style =
                    character == "●"
                    ? Style(foreground: ChatsPalette.background, background: ChatsPalette.orange, bold: true)
                    : Style(foreground: ChatsPalette.orange, background: ChatsPalette.background)
                frame[origin.x + column, origin.y + row] = Cell(String(character), style: style)
            }
        }
    }

    /// The loader's six dot positions on an ellipse, clockwise from the top left.
    static let loaderDots = [
        Point(x: 2, y: 0), Point(x: 6, y: 0), Point(x: 8, y: 1), Point(x: 6, y: 2), Point(x: 2, y: 2), Point(x: 0, y: 1),
    ]
    static let loaderSize = Size(width: 9, height: 3)

    /// Frame `f` of the loader: the dot at position `f` is the bright head, the two before it a fading tail.
    /// Between frames every dot's colour is cross-dissolved; its glyph is the nearer frame's.
    static func drawLoader(_ loader: LoaderState, into frame: inout Frame, at origin: Point) {
        let count = loaderDots.count
        for (position, dot) in loaderDots.enumerated() {
            let from = look(position: position, head: loader.frameIndex % count, count: count)
            let to = look(position: position, head: loader.nextFrameIndex % count, count: count)
            let color = Color.interpolate(from: from.color, to: to.color, fraction: loader.dissolve)
            let glyph = loader.dissolve < 0.5 ? from.glyph : to.glyph
            frame[origin.x + dot.x, origin.y + dot.y] = Cell(glyph, style: Style(foreground: color, background: ChatsPalette.background))
        }
    }

    private static func look(position: Int, head: Int, count: Int) -> (glyph: String, color: Color) {
        let behind = (head - position + count) % count
        switch behind {
        case 0: return ("●", ChatsPalette.orange)
        case 1: return ("•", Color.interpolate(from: ChatsPalette.loaderIdle, to: ChatsPalette.orange, fraction: 0.6))
        case 2: return ("•", Color.interpolate(from: ChatsPalette.loaderIdle, to: ChatsPalette.orange, fraction: 0.3))
        default: return ("·", ChatsPalette.loaderIdle)
        }
    }

    /// The launch screen: the logo on white, where the loading screen will have it.
    static func launchScreen(size: Size) -> Frame {
        var frame = Frame(size: size, fill: ChatsPalette.blankCell)
        drawLogo(into: &frame, at: group(in: frame.bounds).origin)
        return frame
    }

    /// The loading screen: the launch screen's logo, unmoved, with the loader and its label below it.
    static func loadingScreen(size: Size, loader: LoaderState, label: String) -> Frame {
        var frame = Frame(size: size, fill: ChatsPalette.blankCell)
        let group = group(in: frame.bounds)
        drawLogo(into: &frame, at: group.origin)
        let loaderOrigin = Point(x: frame.bounds.centered(loaderSize).x, y: group.y + logoSize.height + 1)
        drawLoader(loader, into: &frame, at: loaderOrigin)
        frame.put(
            label, in: Rect(x: 0, y: loaderOrigin.y + loaderSize.height + 1, width: size.width, height: 1),
            style: Style(foreground: ChatsPalette.secondary, background: ChatsPalette.background), alignment: .center)
        return frame
    }

    /// Logo, gap, loader, gap, label: centred as one group on both screens, so the logo never jumps.
    private static func group(in bounds: Rect) -> Rect {
        bounds.centered(Size(width: logoSize.width, height: logoSize.height + 1 + loaderSize.height + 1 + 1))
    }
}
