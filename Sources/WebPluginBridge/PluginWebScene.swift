import FeatureHostCore
import FeatureHostPluginWire
import TerminalPluginBridge
import WebUI

/// A plugin's web scene on the host's side: HTML comes across as bytes and is rebuilt through the builder
/// (`ForeignMarkup`), never passed through as it is; page events go across as JSON.
@MainActor
final class PluginWebScene: WebScene {
    private let instance: PluginInstance
    /// The last markup and what it became: render is called for every update, and parsing is the cost.
    private var cache: (markup: [UInt8], html: HTML)?

    init(instance: PluginInstance) {
        self.instance = instance
        instance.openWebScene()
    }

    func render() -> HTML {
        // Read, so the page's render loop renders again at the plugin's next frame request.
        _ = instance.frameRequests
        // nil once the plugin is stopped (a hang, a crash, or more than the host accepts, maybe this render's).
        guard let markup = instance.renderedHTML() else {
            let reason = instance.stopReason ?? "the plugin \(instance.file.lastPathComponent) was stopped."
            return div(.class("fh-plugin-stopped"), .role("alert")) { p { reason.prefix(1).uppercased() + reason.dropFirst() } }
        }
        if let cache, cache.markup == markup { return cache.html }
        let html: HTML
        do {
            html = try ForeignMarkup.parse(String(decoding: markup, as: UTF8.self))
        } catch {
            // The plugin's bug, said on its page rather than drawn half-way.
            html = div(.class("fh-plugin-refused"), .role("alert")) {
                p { "The plugin \(instance.file.lastPathComponent) sent markup the host does not accept: \(error.description)." }
            }
        }
        cache = (markup, html)
        return html
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        let wire = PageEventWire(
            kind: event.kind.rawValue, action: event.action, value: event.value, fields: event.fields.isEmpty ? nil : event.fields,
            key: event.key)
        return instance.handlePageEvent(wire.encoded()) ? .handled : .ignored
    }
}
