import FuzzSupport
import WebUI

/// A plugin's HTML: refused with a message, or rebuilt by our builder into markup that, parsed again, renders
/// the same (sanitising is a fixed point, so nothing the builder writes is refused or changed the second time).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForeignMarkup(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let html = try? ForeignMarkup.parse(String(decoding: input.bytes, as: UTF8.self)) else { return 0 }
    let rendered = html.render()
    do {
        let again = try ForeignMarkup.parse(rendered).render()
        fuzzInvariant(again == rendered, "rendering changed on a second pass:\n\(rendered)\n---\n\(again)")
    } catch {
        fuzzInvariant(false, "our own rendering was refused: \(error)\n\(rendered)")
    }
    return 0
}
