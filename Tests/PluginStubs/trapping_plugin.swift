// A FeatureHost plugin in Swift, against the C ABI alone (no FeatureHostPluginKit, so it builds with one swiftc
// call: `swiftc -emit-library -import-objc-header featurehost_plugin.h`). It starts, and its `render` force-unwraps
// nil: the Swift runtime writes its own "… Fatal error: Unexpectedly found nil … file:line" line and traps.
// Built by PluginStubs.buildSwiftTrap (Swift tests) and Tests/e2e/misbehaving-plugins.sh.

private let manifestJSON = #"{"id":"swift-trap","title":"Swift trap","summary":"Traps in render, as Swift does."}"#

private let writeManifest: @convention(c) (UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = { sink, write in
    var bytes = Array(manifestJSON.utf8)
    bytes.withUnsafeMutableBufferPointer { write?(sink, $0.baseAddress, $0.count) }
}

private let create:
    @convention(c) (
        UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer?, featurehost_frame_request_fn?, UnsafeMutableRawPointer?, featurehost_write_fn?
    ) -> UnsafeMutableRawPointer? = { _, _, _, _, _, _ in UnsafeMutableRawPointer(bitPattern: 1) }

private let nothing: @convention(c) (UnsafeMutableRawPointer?) -> Void = { _ in }

private let render: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, featurehost_write_fn?) -> Void = {
    _, _, _, _, _ in
    let scene: String? = nil
    print("about to render \(scene!)")
}

/// Made once and never freed: the host reads it for as long as the library is loaded.
private let table: UnsafeMutablePointer<featurehost_plugin> = {
    let table = UnsafeMutablePointer<featurehost_plugin>.allocate(capacity: 1)
    table.initialize(
        to: featurehost_plugin(
            abi_version: UInt32(FEATUREHOST_PLUGIN_ABI_VERSION), manifest: writeManifest, create: create, destroy: nothing,
            open_scene: nothing, minimum_size: nil, key_hints: nil, render: render, handle_key: nil, handle_lifecycle: nil,
            next_deadline: nil, advance: nil, is_advancing: nil, in_flight: nil))
    return table
}()

@_cdecl("featurehost_plugin_entry_v1")
public func featurehostPluginEntry() -> UnsafeRawPointer { UnsafeRawPointer(table) }
