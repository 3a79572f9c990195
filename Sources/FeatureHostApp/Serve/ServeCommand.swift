import FeatureHostCore
import FeatureHostRuntime
import Foundation
import WebUI

/// `serve [--config F] [--only ID] [--port N] [--max-pages N] [--data-dir D] [--locale ID] [--hour-cycle 12|24]
/// [--time-zone TZ]`: the web surface on loopback (127.0.0.1 and ::1), under a host name of this run's own.
enum ServeCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) async throws -> Int32 {
        // `app` names the web app below, once it exists.
        let hostApp = app
        try arguments.check(
            allowed: Set(["config", "data-dir", "only", "port", "max-pages"]).union(LocaleFlags.names), command: "serve", app: app)
        try arguments.checkNoMoreWords(after: 1, command: "serve", app: app)
        let port = try parsePort(arguments.value("port"))
        let maxPages = try parseMaxPages(arguments.value("max-pages"))
        let live = try LiveEnvironment(arguments, command: "serve", app: app)
        let (options, flags, preference, environment) = (live.options, live.flags, live.preference, live.environment)
        let only = arguments.value("only").map { FeatureID(rawValue: $0) }
        let launcher = HostPageLauncher(
            selection: try ShellAssembly.selection(options: options, only: only),
            failures: only == nil ? ShellAssembly.pluginFailureEntries(options) : [], environment: environment,
            config: options.config.localeSettings, flags: flags, base: preference,
            webTypes: app.webTypes, plugins: options.plugins, commandName: app.commandName)

        let shutdown = try ShutdownSignal()
        // Subscribed now: a `reload` sent as soon as the address is printed must not be missed.
        let reloadRequests = try ReloadSignal.install().reloads
        // SIGHUP is a reload now; a terminal that closes still ends serve, as the hang-up signal used to.
        let hangUp = TerminalHangUpWatch { shutdown.request(as: SIGHUP) }
        defer { hangUp?.stop() }
        let slot = AppSlot(commandName: app.commandName)
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.port = port
        if let maxPages { serverConfiguration.maxConnections = maxPages + extraConnections }
        // The same port on the IPv6 loopback too: a browser may try `::1` first for the run's `*.localhost` name,
        // and no other program may be the one listening there.
        serverConfiguration.additionalHosts = ["::1"]
        serverConfiguration.onRequestError = { line in ServeOutput.line(line) }
        // A host name of this run's own, so the token's cookie reaches no other server on this machine; connections
        // that name it are the user's page, kept over anonymous ones when a flood fills the connection cap.
        let hostName = AccessGuard.makeHostName(label: app.commandName)
        serverConfiguration.isPreferred = AccessGuard.namesHost(hostName)
        let server: HTTPServer
        do {
            server = try HTTPServer.start(serverConfiguration) { request, responder in
                Task { @MainActor in slot.handle(request, responder) }
            }
        } catch {
            throw UsageError("serve: \(error)")
        }
        let access = AccessGuard(token: RandomToken.make(), hostName: hostName, port: Int(server.port), commandName: app.commandName)
        let clock = ContinuousClock()
        let start = clock.now
        var appConfiguration = WebApp.Configuration(access: access, appName: app.name)
        if let maxPages { appConfiguration.maxSessions = maxPages }
        let app = WebApp(
            configuration: appConfiguration, launcher: launcher, now: { clock.now - start },
            log: { ServeOutput.line($0) })
        slot.app = app
        // Static files are answered on the server's I/O thread from bytes prepared once, after the same checks.
        let files = app.immediateFiles
        server.answerImmediately { request in files.answer(request) }
        // Before the URL, so a script that waits for it can `reload` at once; why it failed comes after the URL, which
        // stays the first line. Removed at a clean exit.
        var unregistered: String?
        let registration = HostRegistration.register(options, command: "serve", commandName: slot.commandName) { unregistered = $0 }
        defer { registration?.unregister() }
        ServeOutput.line(access.startAddress)
        if let unregistered { ServeOutput.line(unregistered) }
        if let notice = ShellAssembly.unlistedNotice(options: options, only: only, command: "\(slot.commandName) serve") {
            ServeOutput.line(notice)
        }

        // Grace periods, heartbeats, and saved settings another process changed; cancelled at shutdown.
        let ticker = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: app.configuration.heartbeat)
                app.tick()
                environment.lookForOutsideChanges()
            }
        }
        // The config and the plugin libraries it names are followed: each save, and each SIGHUP, is a reload.
        let config = LiveConfig(live, arguments: arguments, app: hostApp, only: only)
        let reload = ServeReload(config: config, launcher: launcher, app: app)
        let follower = ConfigFollower(command: slot.commandName) { reload.run() }
        reload.follower = follower
        defer { follower.stop() }
        for notice in follower.follow(config.followedFiles) { ServeOutput.line("\(slot.commandName) serve: \(notice)") }
        let reloads = Task { @MainActor in
            for await _ in reloadRequests { reload.run() }
        }
        _ = await shutdown.wait()
        reloads.cancel()
        ticker.cancel()
        server.answerImmediately(nil)
        slot.app = nil
        app.closeAll()
        server.stop()
        ServeOutput.flush()
        return 0
    }

    /// `--max-pages`'s range: each page holds a connection (its event stream) and a session.
    static let maxPagesRange = 1...10_000
    /// Connections beside the pages' streams: page loads, their assets and event POSTs, as with the default caps.
    static let extraConnections = 64

    /// `--max-pages N`: pages kept live at once (sessions, and connections for their streams beside
    /// `extraConnections`); nil keeps the defaults (512 sessions, 256 connections).
    static func parseMaxPages(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let pages = Int(text), maxPagesRange.contains(pages) else {
            throw UsageError(
                "serve: --max-pages must be a number from \(maxPagesRange.lowerBound) to \(maxPagesRange.upperBound), found \(text.prefix(40))."
            )
        }
        return pages
    }

    static func parsePort(_ text: String?) throws -> UInt16 {
        guard let text else { return 0 }
        guard let port = UInt16(text) else {
            throw UsageError("serve: --port must be a number from 0 to 65535 (0 picks a free port), found \(text).")
        }
        return port
    }
}

/// Where requests go once the app exists; before it (the URL is not printed yet) and after shutdown they get 503.
@MainActor
final class AppSlot {
    var app: WebApp?
    let commandName: String

    init(commandName: String) { self.commandName = commandName }

    func handle(_ request: HTTPServerRequest, _ responder: HTTPResponder) {
        guard let app else {
            responder.send(
                HTTPServerResponse(
                    status: .serviceUnavailable, headers: [("Content-Type", "text/plain; charset=utf-8")],
                    body: Array("\(commandName) is starting or stopping.\n".utf8)))
            return
        }
        app.handle(request, responder)
    }
}

/// Standard output, a line at a time: the first line is the URL a script waits for. Lines go through a
/// bounded queue written by a thread of its own, so a terminal or pipe that stops reading cannot freeze the
/// server's I/O thread, which reports every refused request here.
enum ServeOutput {
    private static let writer = BoundedLineWriter(fileDescriptor: STDOUT_FILENO)

    static func line(_ text: String) {
        writer.write(text)
    }

    /// At exit: what is queued goes out, unless nobody reads it.
    static func flush() {
        writer.flush(timeout: .seconds(2))
    }
}

/// What a reload does to `serve`: one line on its output saying what happened; a good config goes to the launcher
/// (what new pages get) and to every open page (`ConfigUpdate`); a broken one is a banner on every open page.
@MainActor
final class ServeReload {
    private let config: LiveConfig
    private let launcher: HostPageLauncher
    private let app: WebApp
    /// Told the files to watch after each reload (a plugin added to the config is watched from then on).
    var follower: ConfigFollower?

    init(config: LiveConfig, launcher: HostPageLauncher, app: WebApp) {
        self.config = config
        self.launcher = launcher
        self.app = app
    }

    func run() {
        let titles = Dictionary(config.features.map { ($0.id, $0.manifest.title) }, uniquingKeysWith: { first, _ in first })
        let outcome = config.reload()
        ServeOutput.line(config.summary(of: outcome))
        switch outcome {
        case .broken:
            app.apply(ConfigUpdate(problems: config.problemLines))
        case .unchanged:
            app.apply(ConfigUpdate())
        case .applied(let diff, let features):
            launcher.update(
                selection: features, failures: config.failureEntries, config: config.options.config.localeSettings,
                plugins: config.options.plugins)
            let turnedOff = Dictionary(diff.removed.map { ($0, titles[$0] ?? $0.rawValue) }, uniquingKeysWith: { first, _ in first })
            app.apply(
                ConfigUpdate(
                    turnedOff: turnedOff, restarted: Set(diff.restarted.keys), homeChanged: true, conventionsChanged: diff.localeChanged,
                    assetsChanged: true))
            config.retireReplacedPlugins()
        }
        for notice in follower?.follow(config.followedFiles) ?? [] { ServeOutput.line(notice) }
    }
}
