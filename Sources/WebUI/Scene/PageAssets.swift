import Foundation

/// The page shell's own files: the client script and the base stylesheet, served under `/assets/`.
public enum PageAssets {
    public static let script = WebAsset(resource: "featurehost.js", in: .module)
    public static let stylesheet = WebAsset(resource: "featurehost.css", in: .module)
}
