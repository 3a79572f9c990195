import TerminalUI

/// The screen's first row (title left, status right) and a rule under it.
enum HeaderView {
    static let height = 2

    static func draw(title: String, status: String, into frame: inout Frame) {
        let width = frame.size.width
        let statusWidth = min(DisplayWidth.of(status), max(width / 2, 0))
        frame.put(title, in: Rect(x: 2, y: 0, width: max(width - 5 - statusWidth, 0), height: 1), style: CarNewsPalette.title)
        frame.put(status, in: Rect(x: width - 2 - statusWidth, y: 0, width: statusWidth, height: 1), style: CarNewsPalette.status)
        frame.put(String(repeating: "─", count: max(width - 2, 0)), at: Point(x: 1, y: 1), style: CarNewsPalette.rule)
    }
}
