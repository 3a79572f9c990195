import FeatureHostCore
import Foundation

/// The web surface's host side: every request after the server parsed it. Checks who asks (`AccessGuard`),
/// serves the home, the feature pages and their assets, and runs one `PageSession` per page load: its event
/// stream out, its page events in. Lives on the main actor with the presenters.
@MainActor
public final class WebApp {
    public struct Configuration: Sendable {
        public var access: AccessGuard
        /// How long a page may be without an event stream before its session closes (a reload, a flaky
        /// connection and a back-forward cache visit all come back within it).
        public var gracePeriod: Duration = .seconds(30)
        /// The same for a page that said it was hidden: its script closes the stream to free one of the
        /// browser's six connections per host and reopens it when shown, which may be much later.
        public var hiddenGracePeriod: Duration = .seconds(30 * 60)
        /// Sessions kept at once; past it the longest-disconnected one is closed first.
        public var maxSessions = 512
        /// Open home pages kept live at once (each holds a stream to hear the list change); past it a home page
        /// stays as it was loaded.
        public var maxHomeStreams = 64
        /// How often the host calls `tick`, which sends each stream a heartbeat saying so: a page that hears
        /// none for three of them says the host stopped answering.
        public var heartbeat: Duration = .seconds(2)
        /// The app's name, in every page's title and on the home page (an app that embeds the host sets its own).
        public var appName = PageShell.defaultAppName

        public init(access: AccessGuard, appName: String = PageShell.defaultAppName) {
            self.access = access
            self.appName = appName
        }
    }

    public let configuration: Configuration
    /// The static files' answers, for the server's I/O thread: `featurehost serve` installs them with
    /// `HTTPServer.answerImmediately`, so a file is served without a hop to the main actor.
    public nonisolated let immediateFiles: ImmediateFiles
    let launcher: any PageLauncher
    private let now: () -> Duration
    private let log: (String) -> Void
    private(set) var sessions: [String: PageSession] = [:]
    let homeStreams: HomeStreams
    /// Renders every session of a `SharedRenderScene` shares: one render and one diff per change for all pages.
    let sharedRenders = SharedRenders()
    var configProblems = ConfigProblems()
    private var makeSessionID: () -> String

    /// - Parameters:
    ///   - now: the monotonic time the grace period is counted in (a manual clock in tests).
    ///   - log: one line per refused or failed request (`featurehost serve` prints them).
    public init(
        configuration: Configuration, launcher: any PageLauncher, now: @escaping () -> Duration,
        log: @escaping (String) -> Void = { _ in }, makeSessionID: @escaping () -> String = { RandomToken.make() }
    ) {
        self.configuration = configuration
        self.launcher = launcher
        self.now = now
        self.log = log
        self.makeSessionID = makeSessionID
        homeStreams = HomeStreams(limit: configuration.maxHomeStreams)
        immediateFiles = ImmediateFiles(access: configuration.access, files: StaticFiles(features: launcher.assets))
    }

    public var sessionCount: Int { sessions.count }
    /// Event streams open across all sessions.
    public var streamCount: Int { sessions.values.reduce(0) { $0 + $1.streamCount } }
    /// Event streams of open home pages (not sessions).
    public var homeStreamCount: Int { homeStreams.count }

    // MARK: requests

    public func handle(_ request: HTTPServerRequest, _ responder: any ResponseSink) {
        switch configuration.access.check(request) {
        case .refused(let status, let reason) where Self.isPageVisit(request):
            log("\(status.code) \(request.method.rawValue) \(Self.loggable(request.path)): \(reason)")
            let help = AccessHelp.page(status: status, commandName: configuration.access.commandName, appName: configuration.appName)
            responder.send(page(help, request, status: status))
        case .refused(let status, let reason):
            refuse(request, responder, status: status, reason: reason)
        case .acceptToken(let location):
            responder.send(
                Self.response(
                    .seeOther, request,
                    headers: [
                        ("Location", location), ("Set-Cookie", configuration.access.setCookieHeader),
                    ]))
        case .allowed:
            route(request, responder)
        }
    }

    private func route(_ request: HTTPServerRequest, _ responder: any ResponseSink) {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch (request.method, parts.first ?? "") {
        case (.get, "") where parts.count == 1, (.head, "") where parts.count == 1:
            let language = BrowserPreferences(request: request, access: configuration.access).localeIdentifier ?? "en"
            let home = PageShell.home(
                launcher.homeEntries, language: Self.htmlLanguage(language), appName: configuration.appName,
                homeVersion: homeStreams.version, problems: configProblems.lines, configVersion: configProblems.version)
            responder.send(page(home, request))
        case (.get, "f") where parts.count == 2, (.head, "f") where parts.count == 2:
            openPage(FeatureID(parts[1]), request, responder)
        case (.get, "assets"), (.head, "assets"):
            serveAsset(request, responder)
        case (.get, "images") where parts.count == 2, (.head, "images") where parts.count == 2:
            serveImage(key: parts[1], request, responder)
        case (.get, "home") where parts.count == 2 && parts[1] == "events":
            openHomeStream(request, responder)
        case (.get, "s") where parts.count == 3 && parts[2] == "events":
            openStream(sessionID: parts[1], request, responder)
        case (.post, "s") where parts.count == 3 && parts[2] == "event":
            receive(sessionID: parts[1], request, responder)
        case (.get, "favicon.ico"):
            responder.send(Self.response(.noContent, request))
        case (_, "s"), (_, "home"), (.post, _):
            refuse(request, responder, status: .methodNotAllowed, reason: "\(request.method.rawValue) is not used here.")
        default:
            notFound(request, responder)
        }
    }

    // MARK: pages

    private func openPage(_ id: FeatureID, _ request: HTTPServerRequest, _ responder: any ResponseSink) {
        let browser = BrowserPreferences(request: request, access: configuration.access)
        let preferences = launcher.preferences(for: browser)
        let language = Self.htmlLanguage(preferences.locale.identifier)
        guard let launched = launcher.launch(id, preferences: preferences) else {
            notFound(request, responder)
            return
        }
        switch launched {
        case .failed(let title, let message):
            responder.send(
                page(PageShell.failure(title: title, message: message, language: language, appName: configuration.appName), request))
        case .running(let feature):
            guard makeRoom() else {
                feature.close()
                refuse(request, responder, status: .serviceUnavailable, reason: "Too many open pages; close some and reload.")
                return
            }
            let session = PageSession(
                id: makeSessionID(), featureID: id, feature: feature, preferences: preferences, browser: browser, now: now(),
                shared: sharedRenders)
            sessions[session.id] = session
            let assets = launcher.assets[id] ?? .none
            let info = PageSessionInfo(
                id: session.id, version: session.version, hourCycle: BrowserPreferences.intlName(preferences.hourCycle),
                fixed: launcher.fixesHourCycle ? "hour-cycle" : "")
            let html = PageShell.featurePage(
                title: feature.title, featureID: id,
                stylesheets: assets.stylesheets.map { WebAssets.path(feature: id, file: $0.name) },
                content: session.content, session: info, language: language, appName: configuration.appName,
                problems: configProblems.lines, configVersion: configProblems.version)
            responder.send(page(html, request))
        }
    }

    /// Room for one more session: the longest-disconnected one goes when the table is full; false when every
    /// session has a live page.
    private func makeRoom() -> Bool {
        guard sessions.count >= configuration.maxSessions else { return true }
        let idle = sessions.values.filter { $0.streamCount == 0 }.min { $0.lastSeen < $1.lastSeen }
        guard let idle else { return false }
        idle.close()
        sessions[idle.id] = nil
        return true
    }

    /// A file from the table built at start (`StaticFiles`); the server usually answers these itself
    /// (`immediateFiles`), so this route serves what reaches the main actor (tests, a request before it was installed).
    private func serveAsset(_ request: HTTPServerRequest, _ responder: any ResponseSink) {
        switch immediateFiles.files.entry(forPath: request.path) {
        case nil:
            notFound(request, responder)
        case .ready(let prepared)?:
            var response = prepared.response
            response.keepAlive = request.keepAlive
            responder.send(response)
        case .failed(let failure)?:
            log("500 \(request.method.rawValue) \(request.path): \(failure)")
            responder.send(Self.response(.internalServerError, request, headers: Self.plainText, body: Array("\(failure)\n".utf8)))
        }
    }

    /// An image from the host's cache, so a page shows it offline and tests never leave loopback. Its key
    /// names its bytes for good, so the browser may keep it. The cache gives only the types it recognised by the
    /// bytes (PNG, JPEG, GIF, WebP, SVG without scripts); `nosniff` keeps the browser to that type, and a sandboxed
    /// policy of its own means even an SVG opened on its own can run nothing and load nothing.
    private func serveImage(key: String, _ request: HTTPServerRequest, _ responder: any ResponseSink) {
        guard WebImage.isValidKey(key), let image = launcher.cachedImage(forKey: key) else { return notFound(request, responder) }
        responder.send(
            Self.response(
                .ok, request,
                headers: [
                    ("Content-Type", image.reference.contentType), ("Cache-Control", "private, max-age=31536000, immutable"),
                    ("Content-Security-Policy", Self.imagePolicy),
                ], body: Array(image.data)))
    }

    static let imagePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    // MARK: live

    private func openEventStream(_ responder: any ResponseSink) -> any EventStreamSink {
        responder.openStream(
            status: .ok,
            headers: Self.securityHeaders + [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no"),
            ])
    }

    private func openStream(sessionID: String, _ request: HTTPServerRequest, _ responder: any ResponseSink) {
        let stream = openEventStream(responder)
        guard let session = sessions[sessionID] else {
            stream.write(PageSession.gone)
            stream.close()
            return
        }
        let version = request.queryItems.first { $0.name == "v" }.flatMap { Int($0.value) } ?? -1
        stream.onClose { [weak self, weak session] in
            Task { @MainActor in
                guard let self, let session else { return }
                session.detach(stream, now: self.now())
            }
        }
        session.attach(stream, clientVersion: version)
        sendBannerIfStale(to: stream, request)
        // A first heartbeat at once, so the page knows their interval and notices a host that hangs from now on.
        stream.write(PageSession.beat(every: configuration.heartbeat))
    }

    /// An open home page's stream: the list when it holds another version, then the banner and the heartbeat as a
    /// feature page's stream has them.
    private func openHomeStream(_ request: HTTPServerRequest, _ responder: any ResponseSink) {
        let stream = openEventStream(responder)
        let version = request.queryItems.first { $0.name == "v" }.flatMap { Int($0.value) } ?? -1
        let listed = homeStreams.attach(stream, clientVersion: version) {
            PageShell.homeContent(launcher.homeEntries, appName: configuration.appName)
        }
        guard listed else {
            log("GET /home/events: \(homeStreams.limit) home pages are live already; this one stays as loaded")
            return
        }
        stream.onClose { [weak self] in
            Task { @MainActor in self?.homeStreams.detach(stream) }
        }
        sendBannerIfStale(to: stream, request)
        stream.write(PageSession.beat(every: configuration.heartbeat))
    }

    /// The banner's state to a stream that connects: always while the config is broken, and when the page says
    /// (`c=`) it holds another config version than the current one (it missed a change while away).
    private func sendBannerIfStale(to stream: any EventStreamSink, _ request: HTTPServerRequest) {
        let held = request.queryItems.first { $0.name == "c" }.flatMap { Int($0.value) }
        guard configProblems.isBroken || (held != nil && held != configProblems.version) else { return }
        stream.write(configProblems.event)
    }

    private func receive(sessionID: String, _ request: HTTPServerRequest, _ responder: any ResponseSink) {
        guard let type = request.headers["Content-Type"], type.lowercased().hasPrefix("application/json") else {
            return refuse(
                request, responder, status: .unsupportedMediaType, reason: "Page events are JSON (Content-Type: application/json).")
        }
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(request.body)
        } catch {
            return refuse(request, responder, status: .badRequest, reason: "\(error)")
        }
        guard let session = sessions[sessionID] else {
            return refuse(request, responder, status: .notFound, reason: "No page session \(sessionID.prefix(40)); reload the page.")
        }
        var headers: [(String, String)] = []
        switch message {
        case .event(let event):
            _ = session.handle(event)
        case .visibility(let visible):
            session.setVisible(visible)
        case .hello(let hello):
            headers = greet(session, hello, request)
        }
        responder.send(Self.response(.noContent, request, headers: headers))
    }

    /// The client's hello: rebuild the feature when the browser's clock differs from what it was built with
    /// (it has not appeared yet, so nothing is lost), remember the clock in cookies, then appear if visible.
    private func greet(_ session: PageSession, _ hello: ClientHello, _ request: HTTPServerRequest) -> [(String, String)] {
        let browser = BrowserPreferences(request: request, access: configuration.access).with(hello)
        session.browser = browser
        let preferences = launcher.preferences(for: browser)
        if !session.hasGreeted, !session.hasEnded, preferences != session.preferences,
            case .running(let feature)? = launcher.launch(session.featureID, preferences: preferences)
        {
            session.replaceFeature(feature, preferences: preferences)
        }
        session.greet(visible: hello.visible)
        var cookies: [(String, String)] = []
        if let cycle = browser.hourCycle {
            cookies.append(
                (
                    "Set-Cookie",
                    configuration.access.setOwnCookie(BrowserPreferences.hourCycleCookie, value: BrowserPreferences.intlName(cycle))
                ))
        }
        if let zone = browser.timeZone {
            cookies.append(("Set-Cookie", configuration.access.setOwnCookie(BrowserPreferences.timeZoneCookie, value: zone.identifier)))
        }
        return cookies
    }

    // MARK: time

    /// Closes the sessions whose page is gone and keeps the others' streams alive; the host calls it every
    /// few seconds.
    public func tick() {
        let now = now()
        for session in sessions.values {
            let grace = session.isVisible ? configuration.gracePeriod : configuration.hiddenGracePeriod
            if session.hasExpired(now: now, grace: grace) {
                session.close()
                sessions[session.id] = nil
            } else {
                session.sendBeat(every: configuration.heartbeat)
            }
        }
        homeStreams.broadcast(PageSession.beat(every: configuration.heartbeat))
    }

    /// Every session's presenters stop: the host is shutting down. Each stream hears `stopping` (with the app's
    /// name), not `gone`: the page keeps its content and says the host was stopped, where a reload would only
    /// meet a closed port.
    public func closeAll() {
        let stopping = Self.stoppingEvent(appName: configuration.appName)
        for session in sessions.values { session.close(saying: stopping) }
        sessions.removeAll()
        homeStreams.closeAll(saying: stopping)
    }

    /// `event: stopping` with `{"app":"…"}`: the name the page's banner says was stopped.
    static func stoppingEvent(appName: String) -> [UInt8] {
        var json: [UInt8] = []
        JSONWriting.append(#"{"app":"#, to: &json)
        JSONWriting.string(appName, into: &json)
        JSONWriting.append("}", to: &json)
        return ServerSentEvent(event: "stopping", data: String(decoding: json, as: UTF8.self)).bytes
    }

    // MARK: responses

    nonisolated static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    nonisolated static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"), ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]

    static let plainText = [("Content-Type", "text/plain; charset=utf-8")]

    static func response(
        _ status: HTTPStatus, _ request: HTTPServerRequest, headers: [(String, String)] = [], body: [UInt8] = []
    ) -> HTTPServerResponse {
        response(status, keepAlive: request.keepAlive, headers: headers, body: body)
    }

    nonisolated static func response(
        _ status: HTTPStatus, keepAlive: Bool, headers: [(String, String)] = [], body: [UInt8] = []
    ) -> HTTPServerResponse {
        // A later header of the same name wins in the writer's list, so the asset's own Cache-Control stays.
        let merged = securityHeaders.filter { base in !headers.contains { $0.0 == base.0 } } + headers
        return HTTPServerResponse(status: status, headers: merged, body: body, keepAlive: keepAlive)
    }

    private func page(_ html: HTML, _ request: HTTPServerRequest, status: HTTPStatus = .ok) -> HTTPServerResponse {
        Self.response(status, request, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.renderDocument().utf8))
    }

    private func refuse(_ request: HTTPServerRequest, _ responder: any ResponseSink, status: HTTPStatus, reason: String) {
        log("\(status.code) \(request.method.rawValue) \(Self.loggable(request.path)): \(reason)")
        responder.send(Self.response(status, request, headers: Self.plainText, body: Array("\(status): \(reason)\n".utf8)))
    }

    private func notFound(_ request: HTTPServerRequest, _ responder: any ResponseSink) {
        log("404 \(request.method.rawValue) \(Self.loggable(request.path))")
        let html = PageShell.panel(title: "Not found", message: "There is no page at \(request.path).", appName: configuration.appName)
        responder.send(page(html, request, status: .notFound))
    }

    /// A path as one bounded log line: a hostile one cannot flood the terminal or forge lines.
    static func loggable(_ path: String) -> String {
        let cleaned = String(path.unicodeScalars.prefix(200).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return path.unicodeScalars.count > 200 ? cleaned + "…" : cleaned
    }

    /// A browser opening a page (a GET that accepts HTML): a refusal gets a page saying how to get in.
    static func isPageVisit(_ request: HTTPServerRequest) -> Bool {
        request.method == .get && (request.headers["Accept"] ?? "").lowercased().contains("text/html")
    }

    /// `de_DE` → `de-DE` for `<html lang>`.
    static func htmlLanguage(_ identifier: String) -> String {
        let tag = identifier.split(separator: "@").first.map(String.init) ?? identifier
        return AcceptLanguage.isLanguageTag(tag.replacingOccurrences(of: "_", with: "-"))
            ? tag.replacingOccurrences(of: "_", with: "-") : "en"
    }
}
