import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire

/// The C function of the optional reformat table, on the instance the main table's `create` made.
enum CReformatTable {
    static func make() -> featurehost_plugin_reformat {
        featurehost_plugin_reformat(reformat_abi_version: PluginABI.reformatVersion, reformat: reformat)
    }

    static let reformat: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Int32 = { instance, bytes, count in
        guard let instance, let bytes else { return 0 }
        // Bounded before it is copied; conventions that cannot be read are not applied, and the host makes it again.
        guard count <= ConventionsWire.maximumBytes,
            let wire = try? ConventionsWire.decode(Array(UnsafeBufferPointer(start: bytes, count: count)))
        else { return 0 }
        let hosted = Unmanaged<HostedFeature>.fromOpaque(instance).takeUnretainedValue()
        return MainActor.assumeIsolated { hosted.reformat(for: wire.conventions) } ? 1 : 0
    }
}
