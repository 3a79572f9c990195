import FeatureHostCore
import FeatureHostRuntime
import TerminalUI

/// Launches the features a command needs and wraps them as shell entries.
@MainActor
enum ShellAssembly {
    /// The enabled features in config order, or just `only` (which must be configured and enabled, or
    /// registered when the config does not mention it).
    static func entries(options: HostOptions, environment: HostEnvironment, only: FeatureID?) throws -> [ShellEntry] {
        let launcher = FeatureLauncher(environment: environment)
        return try selection(options: options, only: only).map { ShellEntry(launcher.launch($0)) }
    }

    static func selection(options: HostOptions, only: FeatureID?) throws -> [ResolvedFeature] {
        guard let only else { return ResolvedFeature.enabled(in: options.config, registry: options.registry) }
        if let configured = ResolvedFeature.all(in: options.config, registry: options.registry).first(where: { $0.id == only }) {
            guard configured.entry.enabled else {
                throw UsageError("\(only) is disabled in \(options.config.displayName); set \"enabled\": true to run it.")
            }
            return [configured]
        }
        guard let registration = options.registry.registration(for: only) else {
            let known = options.registry.ids.map(\.rawValue).sorted().joined(separator: ", ")
            throw UsageError("unknown feature \"\(only)\"; known ids: \(known).")
        }
        return [ResolvedFeature(registration: registration, entry: HostConfig.Entry(id: only))]
    }
}
