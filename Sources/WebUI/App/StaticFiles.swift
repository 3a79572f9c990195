import FeatureHostCore

/// Every file under `/assets/`: the page shell's script and stylesheet, then each feature's (and plugin's) files,
/// each answer built and serialized once when the app starts (the security headers, its type, `Cache-Control:
/// no-cache`). The app's own route (main actor) and the server's immediate answer (I/O thread) both serve from this
/// one table, so the two cannot answer differently.
public struct StaticFiles: Sendable {
    enum Entry: Sendable, Equatable {
        case ready(PreparedResponse)
        /// The file could not be read (a packaging fault): the app answers 500 naming it, and logs it.
        case failed(String)
    }

    private let entries: [String: Entry]

    /// - Parameter features: each feature's files, served at `/assets/<feature id>/<name>`. A name or id that is
    ///   empty or holds a `/` is left out: the route splits the path at each `/`, so it never reached one.
    public init(features: [FeatureID: WebAssets]) {
        var entries: [String: Entry] = [:]
        func add(_ path: String, _ asset: WebAsset) {
            guard entries[path] == nil else { return }  // The first file of a name wins, as `WebAssets.file(named:)`.
            switch asset.contents {
            case .success(let bytes):
                let headers = [("Content-Type", asset.contentType), ("Cache-Control", "no-cache")]
                entries[path] = .ready(PreparedResponse(WebApp.response(.ok, keepAlive: true, headers: headers, body: bytes)))
            case .failure(let failure):
                entries[path] = .failed(failure.description)
            }
        }
        for asset in [PageAssets.script, PageAssets.stylesheet] where Self.isPathComponent(asset.name) {
            add("/assets/\(asset.name)", asset)
        }
        for (id, assets) in features where Self.isPathComponent(id.rawValue) {
            for file in assets.files where Self.isPathComponent(file.name) {
                add(WebAssets.path(feature: id, file: file.name), file)
            }
        }
        self.entries = entries
    }

    /// The file at a decoded request path (`/assets/featurehost.js`, `/assets/chats/logo.svg`).
    func entry(forPath path: String) -> Entry? { entries[path] }

    private static func isPathComponent(_ text: String) -> Bool { !text.isEmpty && !text.contains("/") }
}

/// What the server's I/O thread answers itself (`HTTPServer.answerImmediately`): a static file, to a GET or HEAD the
/// access guard allows as it stands (this run's host name, the token cookie). Everything else (no token, the token
/// in the URL, another host, a POST, an unknown file, a file that failed to load) goes to the app on the main actor,
/// which answers and logs it exactly as before.
public struct ImmediateFiles: Sendable {
    let access: AccessGuard
    /// Swapped whole when a reload changes the features' files; the I/O thread reads it under the lock.
    private let table: Locked<StaticFiles>

    init(access: AccessGuard, files: StaticFiles) {
        self.access = access
        table = Locked(files)
    }

    /// The table both routes serve from.
    var files: StaticFiles {
        get { table.withLock { $0 } }
        nonmutating set { table.withLock { $0 = newValue } }
    }

    public func answer(_ request: HTTPServerRequest) -> PreparedResponse? {
        guard request.method == .get || request.method == .head, case .ready(let prepared)? = files.entry(forPath: request.path),
            access.check(request) == .allowed
        else { return nil }
        return prepared
    }
}
