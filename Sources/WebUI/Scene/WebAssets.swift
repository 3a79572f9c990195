import FeatureHostCore
import Foundation

/// A file a page loads from the host: a stylesheet, an image we ship. Served from the same origin, so the
/// Content-Security-Policy can allow `'self'` only.
public struct WebAsset: Sendable, Equatable {
    /// The last path component under `/assets/<feature id>/`: lowercase letters, digits, `-`, `_` and `.`.
    public let name: String
    public let contentType: String
    /// The bytes, or why the file could not be read (a packaging fault: a missing resource).
    public let contents: Result<[UInt8], AssetFailure>

    public struct AssetFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(name: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        contents = .success(bytes)
    }

    public init(name: String, contentType: String, text: String) {
        self.init(name: name, contentType: contentType, bytes: Array(text.utf8))
    }

    /// A resource of a module's bundle (`Bundle.module`), read once. A missing file is kept as a failure the
    /// server answers with a 500 naming it, rather than a crash.
    public init(resource name: String, in bundle: Bundle) {
        self.name = name
        contentType = Self.contentType(forName: name)
        let url = bundle.url(forResource: name, withExtension: nil)
        if let url, let data = try? Data(contentsOf: url) {
            contents = .success(Array(data))
        } else {
            contents = .failure(AssetFailure(description: "\(name) is missing from \(bundle.bundleURL.lastPathComponent)"))
        }
    }

    /// A resource of the bundle `<bundleName>.resources` beside the library that calls this (`ResourceBundle`): how a
    /// plugin ships its files, since its `Bundle.module` would look beside the process it runs in. A missing bundle or
    /// file is kept as a failure the server answers with a 500 naming it, rather than a crash.
    /// - Parameter bundleName: `<Package>_<Target>`, the package's name and the target's that holds the file.
    public init(resource name: String, inBundleNamed bundleName: String, besides dsoHandle: UnsafeRawPointer = #dsohandle) {
        if let bundle = ResourceBundle.named(bundleName, besides: dsoHandle) {
            self.init(resource: name, in: bundle)
        } else {
            let library = ResourceBundle.imageFile(containing: dsoHandle)?.lastPathComponent ?? "the library"
            self.init(
                name: name, contentType: Self.contentType(forName: name),
                contents: .failure(AssetFailure(description: "\(name) is missing: there is no \(bundleName).resources beside \(library)")))
        }
    }

    private init(name: String, contentType: String, contents: Result<[UInt8], AssetFailure>) {
        self.name = name
        self.contentType = contentType
        self.contents = contents
    }

    public var isStylesheet: Bool { name.hasSuffix(".css") }

    static func contentType(forName name: String) -> String {
        switch name.split(separator: ".").last.map(String.init) ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}

/// A feature's web files, in the order its stylesheets are linked.
public struct WebAssets: Sendable, Equatable {
    public let files: [WebAsset]

    public init(_ files: [WebAsset]) { self.files = files }

    public static let none = WebAssets([])

    public var stylesheets: [WebAsset] { files.filter(\.isStylesheet) }

    public func file(named name: String) -> WebAsset? { files.first { $0.name == name } }

    /// Where a feature's file is served: `/assets/offer-countdown/artwork.svg`.
    public static func path(feature: FeatureID, file: String) -> String { "/assets/\(feature.rawValue)/\(file)" }
}
