import CarNewsFeature
import TerminalUI

/// A full-screen message in place of the list: loading, no articles, or what went wrong and how to retry.
enum MessageView {
    static func draw(_ message: CarNewsViewState.Message, in area: Rect, into frame: inout Frame) {
        let width = min(max(area.width - 4, 1), 64)
        var lines: [(String, Style)] = TextLayout.wrap(message.title, width: width).map {
            ($0, message.isError ? CarNewsPalette.errorTitle : CarNewsPalette.messageTitle)
        }
        if let detail = message.detail {
            lines.append(("", .plain))
            lines += ReasonText.wrap(detail, width: width).map { ($0, .plain) }
        }
        if let hint = HintText.hint(for: message) {
            lines.append(("", .plain))
            lines += TextLayout.wrap(hint, width: width).map { ($0, CarNewsPalette.hint) }
        }
        let shown = lines.prefix(area.height)
        let top = area.y + max((area.height - shown.count) / 2, 0)
        let x = area.x + (area.width - width) / 2
        for (offset, line) in shown.enumerated() {
            frame.put(line.0, in: Rect(x: x, y: top + offset, width: width, height: 1), style: line.1, alignment: .center)
        }
    }
}
