import FeatureHostCore
import FeatureHostRuntime
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reload [--config F] [--data-dir D]`: checks the config as `validate` does, then sends SIGHUP to every `run`
/// and `serve` on the same data directory with the same config (`RunningHosts`), so each reads it again. An
/// invalid config is still sent, and exits 1: each host keeps its last good config and says why.
enum ReloadCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) throws -> Int32 {
        try arguments.check(allowed: ["config", "data-dir"], command: "reload", app: app)
        try arguments.checkNoMoreWords(after: 1, command: "reload", app: app)
        let identity = app.identity
        let environment = HostOptions.environment(for: identity)
        let dataDirectory = HostOptions.dataDirectory(for: arguments, app: identity, environment: environment)
        let config: URL? =
            switch ConfigLocator.locate(
                explicit: arguments.value("config"), environment: environment, currentDirectory: HostOptions.currentDirectory,
                app: identity)
            {
            case .file(let file, _): file
            case .builtInDefault: nil
            }

        let problems = try problems(arguments, app: app)
        if !problems.isEmpty { standardError(ConfigErrors(problems).description(command: app.commandName)) }

        // Never this process: `reload` itself does not register, but an app may call it from a running host.
        let hosts = RunningHosts.hosts(dataDirectory: dataDirectory, config: config).filter { $0.pid != getpid() }
        var sent = 0
        for host in hosts {
            let name = "\(app.commandName) pid \(host.pid) (\(host.command))"
            if kill(host.pid, SIGHUP) == 0 {
                print("reload: sent to \(name)")
                sent += 1
            } else {
                standardError("\(app.commandName): reload: cannot signal \(name): \(String(cString: strerror(errno)))")
            }
        }
        if sent == 0 {
            let configName = config?.path ?? "the built-in default config"
            standardError(
                "\(app.commandName): reload: no running \(app.commandName) uses \(configName) with the data directory \(dataDirectory.path)"
            )
        }
        return sent > 0 && problems.isEmpty ? 0 : 1
    }

    /// What `validate` would print: the config's problems and the plugins that failed; none when it is ok.
    @MainActor
    private static func problems(_ arguments: CommandLineArguments, app: FeatureHostApp) throws -> [ConfigIssue] {
        do {
            return try HostOptions(arguments: arguments, app: app).pluginIssues
        } catch let errors as ConfigErrors {
            return errors.issues
        }
    }
}
