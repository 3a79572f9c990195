import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalUI

/// A feature from a plugin library, as the terminal shell sees it: every call goes through the library's C
/// table as bytes.
///
/// An instance only: what the feature is (its manifest, how to make one) is its `FeatureDescriptor`, read from
/// the library by the loader.
public struct DynamicFeature: TerminalFeature {
    /// The plugin's instance; `WebPluginBridge` reaches its web entry through it.
    package let instance: ProcessPluginInstance

    /// Creates the plugin's feature in its library's process, with the context the host lends it.
    /// - Parameter dataDirectory: the host's data directory; the plugin keeps its small state in the same
    ///   preferences file as built-in features.
    @MainActor
    public static func make(_ plugin: LoadedPlugin, context: FeatureContext, dataDirectory: URL) throws -> DynamicFeature {
        DynamicFeature(
            instance: ProcessPluginInstance(
                try PluginProcessInstance(library: plugin.library, context: context, dataDirectory: dataDirectory)))
    }

    /// The maker `PluginLoader.register` needs, for a host whose data lives in `dataDirectory`: a `DynamicFeature`,
    /// or for a plugin without a terminal scene a `WebOnlyPluginFeature`, which the shell shows as having no screen.
    /// (The limits the host waits and accepts by are the library's, given when it was loaded.)
    /// - Parameter command: the host's command, which a web-only plugin's panel names (`featurehost serve`, `myapp serve`).
    public static func maker(dataDirectory: URL, command: String = "featurehost") -> PluginFeatureMaker {
        { plugin, context in
            let feature = try make(plugin, context: context, dataDirectory: dataDirectory)
            guard plugin.hasTerminalScene else { return WebOnlyPluginFeature(instance: feature.instance, plugin: plugin, command: command) }
            return feature
        }
    }

    @MainActor public func makeScene() -> any TerminalScene { DynamicScene(instance: instance) }

    @MainActor public func handle(_ event: LifecycleEvent) { instance.handle(event) }

    /// In place when the plugin's library has the reformat entry and its feature can; else the host makes it again.
    @MainActor public func reformat(for conventions: FormatConventions) -> Bool { instance.reformat(for: conventions) }
}

/// A feature from a plugin library without a terminal scene (its feature is a `WebFeature` only): not a
/// `TerminalFeature`, so the shell and `snapshot` show `noTerminalScreenMessage` in its panel and never make it
/// appear there, as for a built-in feature without a terminal screen; the web shows it through its web entry.
public struct WebOnlyPluginFeature: FeatureInstance {
    package let instance: ProcessPluginInstance
    /// What the terminal says instead of a screen.
    public let noTerminalScreenMessage: String

    init(instance: ProcessPluginInstance, plugin: LoadedPlugin, command: String) {
        self.instance = instance
        noTerminalScreenMessage = Self.noTerminalScreenMessage(
            title: plugin.manifest.title, file: plugin.file.lastPathComponent, command: command)
    }

    @MainActor public func handle(_ event: LifecycleEvent) { instance.handle(event) }

    @MainActor public func reformat(for conventions: FormatConventions) -> Bool { instance.reformat(for: conventions) }

    /// What the terminal says for a plugin without a terminal scene, in its panel and in `snapshot`.
    public static func noTerminalScreenMessage(title: String, file: String, command: String = "featurehost") -> String {
        "\(title) comes from the plugin \(file), which has no terminal screen: it was built for the web only. "
            + "Open it in a browser with \(command) serve."
    }
}

/// Renders and routes keys through the plugin. While the plugin is stopped it draws the plugin's panel, and `r`
/// restarts a plugin that can be restarted (the host takes `r` only then: a running plugin gets every key).
@MainActor
final class DynamicScene: TerminalScene {
    let instance: ProcessPluginInstance

    init(instance: ProcessPluginInstance) { self.instance = instance }

    var minimumSize: Size { instance.minimumSize }

    var keyHints: [KeyHint] {
        if let stop = instance.stop { return stop.canRestart ? [KeyHint(key: "r", action: "restart")] : [] }
        return instance.keyHints
    }

    /// A stopped plugin's panel leaves Esc to the shell; a running plugin's screen says (`KeyHintsWire`).
    var leavesEscapeToShell: Bool { instance.stop != nil || instance.leavesEscapeToShell }

    func render(size: Size) -> Frame {
        // Read, so the surface's render loop draws again at the plugin's next frame request.
        _ = instance.frameRequests
        // nil once the plugin is stopped, before this render or by it (it sent more than the host accepts).
        guard let bytes = instance.renderedBytes(size: size) else {
            return Self.panel(instance.stop ?? PluginStop(reason: "the plugin \(instance.file.lastPathComponent) was stopped."), size: size)
        }
        let frame: Frame
        do {
            frame = try FrameCodec.decode(bytes, maximumCells: size.width * size.height)
        } catch {
            // A broken frame is the plugin's bug: say so on its screen instead of drawing garbage.
            return Self.message(
                "The plugin \(instance.file.lastPathComponent) sent a frame that cannot be read: \(error.description)", size: size)
        }
        guard frame.size.width <= size.width, frame.size.height <= size.height else {
            return Self.message(
                "The plugin \(instance.file.lastPathComponent) sent a \(frame.size.width)×\(frame.size.height) frame for a "
                    + "\(size.width)×\(size.height) screen.", size: size)
        }
        return frame
    }

    /// The plugin's fault in its own panel, in red, wrapped to fit.
    static func message(_ text: String, size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.putWrapped(
            text.prefix(1).uppercased() + text.dropFirst(),
            in: Rect(x: 2, y: 1, width: max(size.width - 4, 0), height: max(size.height - 2, 0)), style: Style(foreground: .red))
        return frame
    }

    /// A stopped plugin's panel: what happened in red; how to restart it; its last lines of output, dimmed; where
    /// its log is. What does not fit is left out from the end.
    static func panel(_ stop: PluginStop, size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(size.width - 4, 0)
        var y = 1
        func put(_ text: String, style: Style, indent: Int = 0) {
            let width = max(width - indent, 0)
            guard y < size.height - 1, width > 0 else { return }
            let lines = TextLayout.wrap(text, width: width)
            for line in lines.prefix(max(size.height - 1 - y, 0)) {
                frame.put(line, in: Rect(x: 2 + indent, y: y, width: width, height: 1), style: style)
                y += 1
            }
        }
        put(stop.message, style: Style(foreground: .red))
        if stop.canRestart {
            y += 1
            put("Press r to restart it (its library is loaded again, so a rebuilt one is picked up).", style: Style(bold: true))
        }
        if !stop.lastLines.isEmpty {
            y += 1
            put("Its last output:", style: Style(dim: true))
            for line in stop.lastLines { put(line, style: Style(dim: true), indent: 2) }
        }
        if let log = stop.logFile {
            y += 1
            put("Its log: \(log.path)", style: Style(dim: true))
        }
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        if let stop = instance.stop {
            guard stop.canRestart, key == .character("r") else { return .ignored }
            _ = instance.restart()
            return .handled
        }
        return instance.handle(key)
    }
}
