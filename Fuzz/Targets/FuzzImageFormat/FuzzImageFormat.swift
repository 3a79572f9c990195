import DataSources
import Foundation
import FuzzSupport

/// What decides the type a cached image is served with (`ImageFormat`, `SVGDocument`): any bytes give one of the
/// served types or none, the same way every time, and an SVG only when it is UTF-8 with an `svg` root.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageFormat(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let data = input.data
    let type = ImageFormat.contentType(of: data)
    fuzzInvariant(type.map(ImageFormat.servedTypes.contains) ?? true, "an unexpected type \(type ?? "")")
    fuzzInvariant(ImageFormat.contentType(of: data) == type, "two answers for the same bytes")
    if type == "image/svg+xml" {
        let text = String(decoding: input.bytes, as: UTF8.self)
        fuzzInvariant(Array(text.utf8) == input.bytes, "an SVG that is not UTF-8")
        fuzzInvariant(text.contains("<svg"), "an SVG without an svg element")
    }
    return 0
}
