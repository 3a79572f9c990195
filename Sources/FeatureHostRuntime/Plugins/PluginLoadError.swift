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
        /// `featurehost-plugin-host` could not be started.
        case cannotStartHost(String)
        /// The library's process died while it loaded (a crash in a static initializer, the entry function or
        /// the manifest): the sentence, and the runtime's last line when there is one.
        case diedWhileLoading(String, lastWords: String?)
        /// Loading took longer than the bound.
        case hungWhileLoading(Duration)

        /// What the child found.
        init(_ failure: PluginTableFailure) {
            switch failure {
            case .cannotOpen(let message): self = .cannotOpen(message)
            case .noEntrySymbol: self = .noEntrySymbol
            case .entryReturnedNull: self = .entryReturnedNull
            case .wrongABIVersion(let found): self = .wrongABIVersion(found: found)
            case .noManifestFunction: self = .badManifest("its table has no manifest function.")
            case .manifestOverLimit(let limit): self = .badManifest("it is more than \(ByteCount.text(limit)) of JSON.")
            case .channelVersion(let found):
                self = .cannotStartHost(
                    "it speaks channel version \(found), this host \(HostRequest.Hello.protocolVersion): rebuild both together")
            }
        }
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
            return
                "the plugin \(path) has no entry symbol \(PluginABI.entrySymbol): it is not a FeatureHost plugin, or was not built with FeatureHostPluginKit."
        case .entryReturnedNull:
            return "the plugin \(path) returned no table from \(PluginABI.entrySymbol)."
        case .wrongABIVersion(let found):
            return
                "the plugin \(path) was built for plugin ABI version \(found), but this host supports version \(PluginABI.version): rebuild it against this FeatureHost."
        case .badManifest(let message):
            return "the plugin \(path) has an unusable manifest: \(message)"
        case .idClash(let id, let owner):
            return
                "the plugin \(path) provides the feature id \"\(id)\", which is already registered by \(owner): give the plugin's feature another id."
        case .cannotStartHost(let message):
            return "cannot start the process that runs the plugin \(path): \(message)."
        case .diedWhileLoading(let sentence, let lastWords):
            let words = lastWords.map { " Its last words: “\($0)”." } ?? ""
            return "the plugin \(path) could not be loaded: \(sentence)\(words)"
        case .hungWhileLoading(let timeout):
            return
                "the plugin \(path) did not finish loading within \(timeout) of real time (a static initializer, its entry function or its manifest does not return)."
        }
    }
}
