import TerminalUI

/// `›` just left of the focused control where focus can move (form fields, Send, the alert's choices):
/// focus must show without colour, in NO_COLOR terminals and in plain-text snapshots.
enum FocusMarkerView {
    static func draw(before point: Point, in frame: inout Frame) {
        frame.put("›", at: Point(x: point.x - 1, y: point.y), style: .foreground(InvitationsPalette.brand, bold: true))
    }
}
