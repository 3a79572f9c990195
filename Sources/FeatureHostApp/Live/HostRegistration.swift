import FeatureHostRuntime

/// `run` and `serve` record themselves in the data directory so `reload` finds them (`RunningHosts`). A failure
/// (a read-only data directory) does not stop the host: `report` is told once that `reload` cannot find it.
enum HostRegistration {
    @MainActor
    static func register(
        _ options: HostOptions, command: String, commandName: String, report: (String) -> Void
    ) -> RunningHosts.Registration? {
        do {
            return try RunningHosts.register(dataDirectory: options.dataDirectory, config: options.config.file, command: command)
        } catch {
            report("\(commandName) \(command): `\(commandName) reload` cannot find this process: \(error)")
            return nil
        }
    }
}
