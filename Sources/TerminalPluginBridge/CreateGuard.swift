import CFeatureHostCallGuard
import CFeatureHostPluginABI
import Foundation

/// Calls a plugin's `create` with crash signals caught (`featurehost_guarded_create`): a plugin that
/// dereferences NULL, aborts or traps in `create` becomes an error in its panel instead of the end of the host.
enum CreateGuard {
    enum Outcome {
        case created(UnsafeMutableRawPointer)
        /// `create` returned NULL: it wrote why to the error sink.
        case refused
        /// `create` raised this signal; the plugin must not be called again.
        case crashed(signal: Int32)
    }

    static func create(
        _ create: featurehost_create_fn, context: [UInt8], hostContext: UnsafeMutableRawPointer?,
        requestFrame: featurehost_frame_request_fn, errorSink: UnsafeMutableRawPointer?, writeError: featurehost_write_fn
    ) -> Outcome {
        var signal: Int32 = 0
        let instance = context.withUnsafeBufferPointer { buffer in
            featurehost_guarded_create(
                create, buffer.baseAddress, buffer.count, hostContext, requestFrame, errorSink, writeError, &signal)
        }
        if signal != 0 { return .crashed(signal: signal) }
        return instance.map { .created($0) } ?? .refused
    }
}
