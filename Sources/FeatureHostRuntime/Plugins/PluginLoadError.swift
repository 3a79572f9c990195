import FeatureHostCore
import FeatureHostPluginWire
import Foundation

/// Why a plugin library added no feature. Each case is a sentence that names the file.
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// `dlopen` failed; the loader's own `dlerror` text.
        case cannotOpen(String)
        case noEntrySymbol
        case entryReturnedNull
        case wrongABIVersion(found: UInt32)
        case badManifest(String)
        /// The id is taken by `owner` (a built-in type or an earlier plugin).
        case idClash(FeatureID, owner: String)
    }

    public let file: URL
    public let reason: Reason

    public init(file: URL, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public var description: String {
        let path = file.path
        switch reason {
        case .cannotOpen(let loaderMessage):
            return "cannot open the plugin \(path): \(loaderMessage)"
        case .noEntrySymbol:
            return "the plugin \(path) has no entry symbol \(PluginABI.entrySymbol): it is not a FeatureHost plugin, or was not built with FeatureHostPluginKit."
        case .entryReturnedNull:
            return "the plugin \(path) returned no table from \(PluginABI.entrySymbol)."
        case .wrongABIVersion(let found):
            return "the plugin \(path) was built for plugin ABI version \(found), but this host supports version \(PluginABI.version): rebuild it against this FeatureHost."
        case .badManifest(let message):
            return "the plugin \(path) has an unusable manifest: \(message)"
        case .idClash(let id, let owner):
            return "the plugin \(path) provides the feature id \"\(id)\", which is already registered by \(owner): give the plugin's feature another id."
        }
    }
}
