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

    /// The signal's name and what it usually means, for the panel.
    static func describe(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV (a bad memory access, such as a NULL dereference)"
        case SIGBUS: return "SIGBUS (a bad memory access)"
        case SIGABRT: return "SIGABRT (it called abort, or an assertion failed)"
        case SIGILL: return "SIGILL (an illegal instruction; a Swift runtime trap on x86-64)"
        case SIGTRAP: return "SIGTRAP (a trap; a Swift runtime trap on arm64)"
        case SIGFPE: return "SIGFPE (an arithmetic fault, such as an integer division by zero)"
        default: return "signal \(signal)"
        }
    }
}
