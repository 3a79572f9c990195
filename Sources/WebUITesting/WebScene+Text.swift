import Foundation
import WebUI

extension WebScene {
    /// The scene's HTML, as the page puts it inside `#fh-root`.
    public func html() -> String { render().render() }

    /// One element per line, so a golden's diff points at the element that changed.
    public func goldenText() -> String { html().replacingOccurrences(of: "><", with: ">\n<") }
}
