import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import TerminalUI

/// The C functions of the table. Each turns its instance pointer back into the `HostedFeature` and, since the
/// host calls on the main thread, runs on the main actor. Results cross as plain values.
enum CTable {
    static func make() -> featurehost_plugin {
        featurehost_plugin(
            abi_version: PluginABI.version, manifest: manifest, create: create, destroy: destroy, open_scene: openScene,
            minimum_size: minimumSize, key_hints: keyHints, render: render, handle_key: handleKey,
            handle_lifecycle: handleLifecycle, next_deadline: nextDeadline, advance: advance, is_advancing: isAdvancing,
            in_flight: inFlight)
    }

    private static func hosted(_ instance: UnsafeMutableRawPointer) -> HostedFeature {
        Unmanaged<HostedFeature>.fromOpaque(instance).takeUnretainedValue()
    }

    static let manifest: @convention(c) (UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = { sink, write in
        guard let manifest = exported.manifest else { return }
        ByteSink.send(ManifestWire(manifest, hasTerminalScene: exported.hasTerminalScene).encoded(), to: sink, with: write)
    }

    static let create:
        @convention(c) (
            UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer?, featurehost_frame_request_fn?, UnsafeMutableRawPointer?,
            featurehost_write_fn?
        ) -> UnsafeMutableRawPointer? = { bytes, count, hostContext, requestFrame, errorSink, writeError in
            let context = Array(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
            let request = FrameRequest(function: requestFrame, context: hostContext)
            let result: Result<UInt, FeatureError> = MainActor.assumeIsolated {
                do {
                    let hosted = try HostedFeature(contextJSON: context, frameRequest: request)
                    return .success(UInt(bitPattern: Unmanaged.passRetained(hosted).toOpaque()))
                } catch {
                    return .failure(FeatureError(error.userFacingMessage))
                }
            }
            switch result {
            case .success(let bits):
                return UnsafeMutableRawPointer(bitPattern: bits)
            case .failure(let error):
                ByteSink.send(Array(error.message.utf8), to: errorSink, with: writeError)
                return nil
            }
        }

    /// Closes the instance, so no frame request follows, and releases it.
    static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { instance in
        guard let instance else { return }
        hosted(instance).status.close()
        Unmanaged<HostedFeature>.fromOpaque(instance).release()
    }

    static let openScene: @convention(c) (UnsafeMutableRawPointer?) -> Void = { instance in
        guard let instance else { return }
        let hosted = hosted(instance)
        MainActor.assumeIsolated { hosted.openScene() }
    }

    static let minimumSize: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void =
        {
            instance, width, height in
            guard let instance else { return }
            let hosted = hosted(instance)
            let size = MainActor.assumeIsolated { hosted.minimumSize }
            width?.pointee = Int32(clamping: size.width)
            height?.pointee = Int32(clamping: size.height)
        }

    static let keyHints: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = {
        instance, sink, write in
        guard let instance else { return }
        let hosted = hosted(instance)
        let bytes = MainActor.assumeIsolated {
            let hints = hosted.keyHints.map { KeyHintWire(key: $0.key, action: $0.action) }
            return KeyHintsWire(hints: hints, leavesEscapeToShell: hosted.leavesEscapeToShell).encoded(form: hosted.keyHintsForm)
        }
        ByteSink.send(bytes, to: sink, with: write)
    }

    static let render: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = {
        instance, width, height, sink, write in
        guard let instance else { return }
        let hosted = hosted(instance)
        let bytes = MainActor.assumeIsolated { hosted.render(width: Int(width), height: Int(height)) }
        ByteSink.send(bytes, to: sink, with: write)
    }

    static let handleKey: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Int32 = { instance, bytes, count in
        guard let instance, let bytes else { return 0 }
        let input = Array(UnsafeBufferPointer(start: bytes, count: count))
        let hosted = hosted(instance)
        return MainActor.assumeIsolated { hosted.handleKey(input) } ? 1 : 0
    }

    static let handleLifecycle: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void = { instance, code in
        guard let instance else { return }
        let event: LifecycleEvent = code == FEATUREHOST_LIFECYCLE_DID_ENTER_BACKGROUND ? .didEnterBackground : .willEnterForeground
        let hosted = hosted(instance)
        MainActor.assumeIsolated { hosted.handle(event) }
    }

    static let nextDeadline: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { instance in
        guard let instance else { return -1 }
        return hosted(instance).status.nextDeadline
    }

    static let advance: @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutableRawPointer?, featurehost_done_fn?) -> Void = {
        instance, offset, doneContext, done in
        let completion = Done(function: done, context: doneContext)
        guard let instance else { return completion() }
        let hosted = hosted(instance)
        MainActor.assumeIsolated { hosted.advance(to: offset, then: completion) }
    }

    static let isAdvancing: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { instance in
        guard let instance else { return 0 }
        return hosted(instance).status.isAdvancing ? 1 : 0
    }

    static let inFlight: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { instance in
        guard let instance else { return 0 }
        return Int64(hosted(instance).status.activity.inFlight)
    }
}

/// The host's completion callback for one advance.
struct Done: @unchecked Sendable {
    // @unchecked: a C function and the host's context pointer for it, which the ABI lets any thread call.
    let function: featurehost_done_fn?
    let context: UnsafeMutableRawPointer?

    func callAsFunction() { function?(context) }
}

/// The host's frame-request callback and its context pointer, called on the main thread.
struct FrameRequest: @unchecked Sendable {
    let function: featurehost_frame_request_fn?
    let context: UnsafeMutableRawPointer?

    func callAsFunction() { function?(context) }
}
