import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import WebUI

/// The C functions of the optional web table, on the instance the main table's `create` made.
enum CWebTable {
    static func make() -> featurehost_plugin_web {
        featurehost_plugin_web(
            web_abi_version: PluginABI.webVersion, assets: assets, open_web_scene: openWebScene, render_html: renderHTML,
            handle_page_event: handlePageEvent)
    }

    private static func hosted(_ instance: UnsafeMutableRawPointer) -> HostedFeature {
        Unmanaged<HostedFeature>.fromOpaque(instance).takeUnretainedValue()
    }

    static let assets: @convention(c) (UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = { sink, write in
        let files = exported.webAssets?.files ?? []
        let wires = files.compactMap { file -> WebAssetWire? in
            switch file.contents {
            case .success(let bytes):
                return WebAssetWire(name: file.name, contentType: file.contentType, bytes: bytes)
            case .failure(let failure):
                // A packaging fault (a resource bundle not deployed beside the library): said in the plugin's log,
                // and the page goes without the file.
                FileHandle.standardError.write(Data("featurehost plugin: \(failure.description)\n".utf8))
                return nil
            }
        }
        ByteSink.send(JSONWire.encode(wires), to: sink, with: write)
    }

    static let openWebScene: @convention(c) (UnsafeMutableRawPointer?) -> Void = { instance in
        guard let instance else { return }
        let hosted = hosted(instance)
        MainActor.assumeIsolated { hosted.openWebScene() }
    }

    static let renderHTML: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = {
        instance, sink, write in
        guard let instance else { return }
        let hosted = hosted(instance)
        let markup = MainActor.assumeIsolated { hosted.renderHTML() }
        ByteSink.send(Array(markup.utf8), to: sink, with: write)
    }

    static let handlePageEvent: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Int32 = { instance, bytes, count in
        guard let instance, let bytes else { return 0 }
        let input = Array(UnsafeBufferPointer(start: bytes, count: count))
        // A page can send anything: JSON that is not a page event is ignored, never a crash.
        guard let wire = try? PageEventWire.decode(input), let kind = PageEvent.Kind(rawValue: wire.kind) else { return 0 }
        let event = PageEvent(kind: kind, action: wire.action, value: wire.value, fields: wire.fields ?? [:], key: wire.key)
        let hosted = hosted(instance)
        return MainActor.assumeIsolated { hosted.handle(event) } ? 1 : 0
    }
}
