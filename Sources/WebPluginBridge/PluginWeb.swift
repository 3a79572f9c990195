import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import TerminalPluginBridge
import WebUI

/// The web surface's view of plugin features: their files, and a web scene for a running one.
public enum PluginWeb {
    /// The plugin's web files, read once from its web entry in its process; nil when it has
    /// none (a terminal-only plugin). A file the host cannot use is kept as a failure the server answers with a
    /// 500 naming it; a list the host cannot read leaves the page unstyled rather than unusable.
    @MainActor public static func assets(of plugin: LoadedPlugin) -> WebAssets? {
        guard plugin.library.hasWebView else { return nil }
        guard let bytes = plugin.library.webAssetList() else { return WebAssets.none }
        guard !bytes.isEmpty, let wires = try? WebAssetWire.decodeList(bytes), let files = try? wires.compactMap(asset) else {
            return WebAssets.none
        }
        return WebAssets(files)
    }

    /// Names as the server serves them: lowercase letters, digits, `-`, `_` and `.`, not starting with `.`.
    static func asset(_ wire: WebAssetWire) throws -> WebAsset? {
        let allowed = wire.name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        guard allowed, !wire.name.isEmpty, !wire.name.hasPrefix(".") else { return nil }
        return WebAsset(name: wire.name, contentType: wire.contentType, bytes: try wire.bytes())
    }

    /// The web scene of a running plugin feature; nil when `feature` is not a plugin's or its plugin is
    /// terminal-only. Makes the plugin's scene and starts nothing, like `WebFeature.makeWebScene()`.
    @MainActor public static func scene(for feature: any FeatureInstance) -> (any WebScene)? {
        let instance = (feature as? DynamicFeature)?.instance ?? (feature as? WebOnlyPluginFeature)?.instance
        guard let instance, instance.hasWebView else { return nil }
        return PluginWebScene(instance: instance)
    }

    /// What a stopped plugin's page shows: what happened, its last output and log, and a Restart button when it can
    /// be restarted (the button's event is the host's, and only while the plugin is stopped).
    @MainActor public static func panel(for stop: PluginStop) -> HTML { PluginWebScene.panel(stop) }

    /// What the web says for a plugin without a web view, in its panel and on the home list.
    public static func noWebViewMessage(title: String, file: String, command: String = "featurehost") -> String {
        "\(title) comes from the plugin \(file), which has no web view: it was built for the terminal only "
            + "(it exports no \(PluginABI.webEntrySymbol)). It still runs in the terminal shell (\(command))."
    }
}
