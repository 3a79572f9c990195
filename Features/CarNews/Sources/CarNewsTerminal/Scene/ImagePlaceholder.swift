import TerminalUI

/// Where a picture will go once the terminal can show one: a shaded area with the image's label centred on its
/// first row.
enum ImagePlaceholder {
    static func draw(_ label: String, in rect: Rect, into frame: inout Frame) {
        frame.fill(rect, with: "░", style: CarNewsPalette.image)
        guard rect.width > 4 else { return }
        frame.put(
            " \(label) ", in: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1), style: CarNewsPalette.imageLabel,
            alignment: .center)
    }
}
