import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge
import WebUI

/// A plugin's web scene on the host's side: HTML comes across as bytes and is rebuilt through the builder
/// (`ForeignMarkup`), never passed through as it is; page events go across as JSON. While the plugin is stopped
/// the page shows its panel, with a Restart button when it can be restarted; the host takes that button's event
/// only then (a running plugin gets every event, whatever its action).
@MainActor
final class PluginWebScene: WebScene {
    /// The panel button's action.
    static let restartAction = "fh-plugin-restart"

    private let instance: ProcessPluginInstance
    /// The last markup and what it became: render is called for every update, and parsing is the cost.
    private var cache: (markup: [UInt8], html: HTML)?

    init(instance: ProcessPluginInstance) {
        self.instance = instance
        instance.openWebScene()
    }

    func render() -> HTML {
        // Read, so the page's render loop renders again at the plugin's next frame request.
        _ = instance.frameRequests
        // nil once the plugin is stopped (a hang, a crash, or more than the host accepts, maybe this render's).
        guard let markup = instance.renderedHTML() else {
            return Self.panel(instance.stop ?? PluginStop(reason: "the plugin \(instance.file.lastPathComponent) was stopped."))
        }
        if let cache, cache.markup == markup { return cache.html }
        let html: HTML
        do {
            html = try ForeignMarkup.parse(String(decoding: markup, as: UTF8.self))
        } catch {
            // The plugin's bug, said on its page rather than drawn half-way.
            html = Tag.div(.class("fh-plugin-refused"), .role("alert")) {
                Tag.p { "The plugin \(instance.file.lastPathComponent) sent markup the host does not accept: \(error.description)." }
            }
        }
        cache = (markup, html)
        return html
    }

    /// What happened, the plugin's last lines and its log, and a Restart button when it can be restarted.
    static func panel(_ stop: PluginStop) -> HTML {
        Tag.div(.class("fh-plugin-stopped"), .role("alert")) {
            Tag.p { stop.message }
            if !stop.lastLines.isEmpty {
                Tag.p(.class("fh-plugin-output-title")) { "Its last output:" }
                Tag.ul(.class("fh-plugin-output")) {
                    for line in stop.lastLines { Tag.li { line } }
                }
            }
            if let log = stop.logFile { Tag.p(.class("fh-plugin-log")) { "Its log: \(log.path)" } }
            if stop.canRestart {
                Tag.button(.type("button"), .class("fh-plugin-restart"), .data("action", restartAction)) { "Restart" }
            }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        if let stop = instance.stop {
            guard stop.canRestart, event.kind == .click, event.action == Self.restartAction else { return .ignored }
            _ = instance.restart()
            cache = nil
            return .handled
        }
        let wire = PageEventWire(
            kind: event.kind.rawValue, action: event.action, value: event.value, fields: event.fields.isEmpty ? nil : event.fields,
            key: event.key)
        return instance.handlePageEvent(wire.encoded()) ? .handled : .ignored
    }
}
