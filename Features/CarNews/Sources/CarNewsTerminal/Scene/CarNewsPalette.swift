import TerminalUI

/// The car news look. Snapshots carry no colour, so nothing here is the only sign of anything: the focused
/// card also has a `▶` marker, the banner a titled box, an error its own words.
enum CarNewsPalette {
    static let accent = Color.rgb(65, 69, 152)
    static let title = Style(foreground: accent, bold: true)
    static let status = Style(dim: true)
    static let rule = Style(foreground: .gray)
    /// The image placeholder: a shaded area with its label in the middle.
    static let image = Style(foreground: .rgb(96, 96, 110), background: .rgb(52, 52, 62))
    static let imageLabel = Style(foreground: .rgb(200, 200, 210), background: .rgb(52, 52, 62))
    /// The title laid over the bottom of the image, as on the design.
    static let overlay = Style(foreground: .white, background: .rgb(24, 24, 30), bold: true)
    static let focusedOverlay = Style(foreground: .white, background: accent, bold: true)
    /// With pictures: the `#C8C8C8` placeholder (the spec's loading colour for pictures), its label, the title's
    /// band over a photo, and what a transparent picture shows through.
    static let picturePlaceholder = Style(foreground: .rgb(176, 176, 176), background: .rgb(200, 200, 200))
    static let picturePlaceholderLabel = Style(foreground: .rgb(40, 40, 48), background: .rgb(200, 200, 200))
    /// A picture that could not be fetched or decoded: plain `#6E6E6E`, white text (5.1:1).
    static let pictureFailed = Style(foreground: .rgb(255, 255, 255), background: .rgb(110, 110, 110))
    static let overlayText = Color.rgb(255, 255, 255)
    static let overlayBackground = Color.rgb(24, 24, 30)
    static let pictureBackground = Color.rgb(200, 200, 200)
    static let marker = Style(foreground: accent, bold: true)
    static let date = Style(dim: true)
    static let banner = Style(foreground: .yellow)
    static let bannerTitle = Style(foreground: .yellow, bold: true)
    static let notice = Style(dim: true)
    static let errorTitle = Style(foreground: .red, bold: true)
    static let messageTitle = Style(bold: true)
    static let hint = Style(dim: true)
    static let articleTitle = Style(bold: true)
    static let ingress = Style(italic: true)
    static let subject = Style(bold: true)
    static let problem = Style(foreground: .red)
}
