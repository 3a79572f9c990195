import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalUI

/// Launches the features a command needs into a session.
@MainActor
enum ShellAssembly {
    /// The enabled features in config order, or just `only` (which must be configured and enabled, or
    /// registered when the config does not mention it).
    static func session(options: HostOptions, environment: HostEnvironment, only: FeatureID?) throws -> HostSession {
        // With --only the one feature is the whole app; otherwise each failed plugin gets an error entry.
        HostSession(
            launching: try selection(options: options, only: only), with: FeatureLauncher(environment: environment),
            extra: only == nil ? pluginFailureEntries(options) : [])
    }

    /// One error entry per plugin that failed to load, saying why and which configured features it left out.
    static func pluginFailureEntries(_ options: HostOptions) -> [HostSession.Entry] {
        let skipped = options.config.skipped.map(\.id.rawValue)
        return options.pluginFailures.map { failure in
            let name = failure.file.lastPathComponent
            var message = "The plugin \(name) could not be loaded: \(failure.description)"
            if !skipped.isEmpty {
                message += " Features left out until it loads: \(skipped.joined(separator: ", "))."
            }
            let manifest = FeatureManifest(id: FeatureID("plugin-\(name)"), title: "Plugin \(name)", summary: "could not be loaded")
            return HostSession.Entry(manifest: manifest, state: .failed(message))
        }
    }

    static func selection(options: HostOptions, only: FeatureID?) throws -> [ResolvedFeature] {
        guard let only else { return ResolvedFeature.enabled(in: options.config, registry: options.registry) }
        if let configured = ResolvedFeature.all(in: options.config, registry: options.registry).first(where: { $0.id == only }) {
            guard configured.entry.enabled else {
                throw UsageError("\(only) is disabled in \(options.config.displayName); set \"enabled\": true to run it.")
            }
            return [configured]
        }
        guard let descriptor = options.registry.descriptor(for: only) else {
            let known = options.registry.ids.map(\.rawValue).sorted().joined(separator: ", ")
            let plugins = options.pluginFailures.map { " It may come from a plugin that failed: \($0.description)" }
            throw UsageError("unknown feature \"\(only)\"; known ids: \(known)." + plugins.joined())
        }
        return [ResolvedFeature(descriptor: descriptor, entry: HostConfig.Entry(id: only))]
    }

    /// What `--only ID` and `snapshot ID` say when the config does not list ID: the feature runs (a feature just
    /// scaffolded is tried this way), but on its default source, which may be a real web service, and never silently.
    static func unlistedNotice(options: HostOptions, only: FeatureID?, command: String) -> String? {
        guard let only, options.config.file != nil, options.registry.descriptor(for: only) != nil,
            !ResolvedFeature.all(in: options.config, registry: options.registry).contains(where: { $0.id == only }),
            let resolved = try? selection(options: options, only: only).first
        else { return nil }
        let source = resolved.source.map { "its default source (\($0.kind.rawValue) \($0.location))" } ?? "its defaults"
        return "\(command): \(only) is not in \(options.config.displayName), so it runs with \(source), not as configured; "
            + "add {\"id\": \"\(only)\"} to its \"features\" to configure it."
    }
}
