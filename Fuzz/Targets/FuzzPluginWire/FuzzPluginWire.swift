import FeatureHostPluginWire
import FuzzSupport

/// The JSON a plugin hands the host (its manifest with settings and source, key hints, page events, web files)
/// and the context and new conventions the host hands a plugin: decoded and turned into host types, or refused with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginWire(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    if let wire = try? ManifestWire.decode(bytes) {
        _ = try? wire.manifest()
        fuzzInvariant((try? ManifestWire.decode(wire.encoded())) == wire, "a manifest changed after encoding it again")
    }
    _ = try? JSONWire.decode([KeyHintWire].self, from: bytes)
    // The key hints in either form (a plain array, or the object that says whether Esc is the shell's).
    if let hints = KeyHintsWire.decode(bytes) {
        for form in [nil, KeyHintsWire.objectForm] {
            fuzzInvariant(
                KeyHintsWire.decode(hints.encoded(form: form))?.hints == hints.hints, "key hints changed after encoding them again")
        }
    }
    _ = try? PageEventWire.decode(bytes)
    if let files = try? WebAssetWire.decodeList(bytes) {
        for file in files { _ = try? file.bytes() }
    }
    if let context = try? ContextWire.decode(bytes) {
        fuzzInvariant((try? ContextWire.decode(context.encoded())) == context, "a context changed after encoding it again")
    }
    if let conventions = try? ConventionsWire.decode(bytes) {
        _ = conventions.conventions
        fuzzInvariant((try? ConventionsWire.decode(conventions.encoded())) == conventions, "conventions changed after encoding them again")
    }
    return 0
}
