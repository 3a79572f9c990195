import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation
import WebPluginBridge
import WebUI

/// The web surface's side of the runtime: each page load gets its own `HostSession` of one feature, built
/// with the page's locale and clock, so two tabs never share presenters (saved state is shared through the
/// data directory, as two runs of the shell share it).
@MainActor
final class HostPageLauncher: PageLauncher {
    private var selection: [ResolvedFeature]
    private var failures: [HostSession.Entry]
    private let environment: HostEnvironment
    private var config: HostConfig.LocaleSettings
    private let flags: LocalePreference.Flags
    /// What the process environment says (LANG, TZ), for what neither the flags, the config nor the browser say.
    private let base: LocalePreference
    private(set) var assets: [FeatureID: WebAssets] = [:]
    /// Plugins built for the terminal only (no web entry), by feature id: their library's file name.
    private var terminalOnlyPlugins: [FeatureID: String] = [:]
    /// Each plugin's own image cache (its process keeps one under `cache/plugin-images/<id>`), read after the host's
    /// so a plugin's `<img src="/images/<key>">` is served like a built-in feature's.
    private var pluginImages: [any ImageLoading] = []
    /// The compiled-in web features, whose files the assets always hold.
    private let webTypes: [any WebFeature.Type]
    /// The host's command, which the "no web view" panels name.
    private let commandName: String

    /// - Parameter plugins: the loaded plugins; those with a web entry are shown like built-in web features,
    ///   with their files, the others get the "no web view" panel.
    init(
        selection: [ResolvedFeature], failures: [HostSession.Entry], environment: HostEnvironment, config: HostConfig.LocaleSettings,
        flags: LocalePreference.Flags, base: LocalePreference, webTypes: [any WebFeature.Type], plugins: [LoadedPlugin] = [],
        commandName: String = AppIdentity.featureHost.commandName
    ) {
        self.commandName = commandName
        self.selection = selection
        self.failures = failures
        self.environment = environment
        self.config = config
        self.flags = flags
        self.base = base
        self.webTypes = webTypes
        load(plugins)
    }

    /// The plugins' files, images and web views, after the compiled-in features' files.
    private func load(_ plugins: [LoadedPlugin]) {
        let pluginAssets = plugins.compactMap { plugin in PluginWeb.assets(of: plugin).map { (plugin.manifest.id, $0) } }
        assets = Dictionary(webTypes.map { ($0.manifest.id, $0.webAssets) } + pluginAssets, uniquingKeysWith: { first, _ in first })
        terminalOnlyPlugins = Dictionary(
            plugins.filter { !$0.hasWebView }.map { ($0.manifest.id, $0.file.lastPathComponent) }, uniquingKeysWith: { first, _ in first })
        // Read only (`cachedImage(forKey:)`): nothing here fetches, so the transport is never used. A key is the hash of
        // the URL and every entry starts with its format's line, so another cache's file is a miss, never a wrong image.
        pluginImages = plugins.map { plugin in
            ImageCache(directory: environment.layout.pluginImageCacheDirectory(for: plugin.manifest.id), transport: environment.transport)
        }
    }

    /// A reloaded config's features, locale settings and plugins: pages launched from now on (new ones, and the
    /// restarts `WebApp.apply` makes) are built from them, the home lists them, and a plugin added or rebuilt has its
    /// files served (`ConfigUpdate.assetsChanged`).
    func update(
        selection: [ResolvedFeature], failures: [HostSession.Entry], config: HostConfig.LocaleSettings, plugins: [LoadedPlugin]
    ) {
        self.selection = selection
        self.failures = failures
        self.config = config
        load(plugins)
    }

    var homeEntries: [HomeEntry] {
        selection.map { resolved in
            let manifest = resolved.manifest
            return HomeEntry(id: manifest.id, title: manifest.title, summary: manifest.summary, failure: noWebView(manifest))
        } + failures.map { HomeEntry(id: $0.manifest.id, title: $0.manifest.title, summary: $0.manifest.summary, failure: $0.failure) }
    }

    var fixesHourCycle: Bool { flags.hourCycle != nil || config.hourCycle != nil }

    func cachedImage(forKey key: String) -> CachedImage? {
        if let image = environment.images.cachedImage(forKey: key) { return image }
        for images in pluginImages {
            if let image = images.cachedImage(forKey: key) { return image }
        }
        return nil
    }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        let locale: Locale =
            flags.locale ?? config.locale.map { Locale(identifier: $0) }
            ?? browser.localeIdentifier.flatMap { LocalePreference.isKnown($0) ? Locale(identifier: $0) : nil } ?? base.locale
        let hourCycle = flags.hourCycle ?? config.hourCycle ?? browser.hourCycle ?? HostEnvironment.hourCycle(for: locale)
        let timeZone = flags.timeZone ?? browser.timeZone ?? base.timeZone
        return PagePreferences(locale: locale, hourCycle: hourCycle, timeZone: timeZone)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        if let failed = failures.first(where: { $0.manifest.id == id }) {
            return .failed(title: failed.manifest.title, message: failed.failure ?? "\(failed.manifest.title) could not start.")
        }
        guard let resolved = selection.first(where: { $0.id == id }) else { return nil }
        var environment = environment
        environment.locale = preferences.locale
        environment.hourCycle = preferences.hourCycle
        environment.timeZone = preferences.timeZone
        // The browser animates transitions itself (CSS): a page's presenters need not wake for their steps.
        environment.motion = .animated
        let session = HostSession(launching: [resolved], with: FeatureLauncher(environment: environment))
        let entry = session.entries[0]
        let title = entry.manifest.title
        if let failure = entry.failure { return .failed(title: title, message: failure) }
        guard let scene = webScene(of: entry.feature) else {
            session.close()
            return .failed(title: title, message: noWebView(entry.manifest) ?? "\(title) has no web view.")
        }
        return .running(
            PageFeature(
                title: title, scene: scene,
                lifecycle: { event in
                    if event == .appear { session.appear(0) } else { session.report(event) }
                },
                close: { session.close() },
                reformat: { preferences in
                    let conventions = FormatConventions(
                        locale: preferences.locale, timeZone: preferences.timeZone, hourCycle: preferences.hourCycle)
                    return session.entries.first?.feature?.reformat(for: conventions) ?? false
                }))
    }

    /// A compiled-in feature's own web scene, or a plugin's through its web entry.
    private func webScene(of feature: (any FeatureInstance)?) -> (any WebScene)? {
        guard let feature else { return nil }
        if let web = feature as? any WebFeature { return web.makeWebScene() }
        return PluginWeb.scene(for: feature)
    }

    /// The terminal still shows a feature without a web scene; the web says so in its panel.
    private func noWebView(_ manifest: FeatureManifest) -> String? {
        if assets[manifest.id] != nil { return nil }
        if let file = terminalOnlyPlugins[manifest.id] {
            return PluginWeb.noWebViewMessage(title: manifest.title, file: file, command: commandName)
        }
        return "\(manifest.title) has no web view yet; it runs in the terminal shell (\(commandName))."
    }
}
