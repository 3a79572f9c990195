import FeatureHostCore
import FuzzSupport
import WebUI

/// Text from a server through what every surface does with it (issue 24): the per-field cut (`TextLimit`), the
/// invisible controls dropped (`InvisibleControls`), and the web page's builder. The first byte picks a limit, the
/// rest is the text (bytes that are not UTF-8 repaired, as a decoder would).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerText(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let first = input.bytes.first else { return 0 }
    let limit = TextLimit(maximumCharacters: Int(first % 64) + 1)
    let text = String(decoding: input.bytes.dropFirst(), as: UTF8.self)

    let cut = limit.apply(text)
    if cut != text {
        fuzzInvariant(cut.hasSuffix("…"), "a cut without an ellipsis")
        fuzzInvariant(cut.count <= limit.maximumCharacters, "\(cut.count) characters past a limit of \(limit.maximumCharacters)")
        let kept = cut.unicodeScalars.dropLast()
        fuzzInvariant(text.unicodeScalars.starts(with: kept), "a cut that is not the start of the text")
    } else {
        fuzzInvariant(text.count <= limit.maximumCharacters, "text of \(text.count) characters kept whole under \(limit.maximumCharacters)")
    }
    fuzzInvariant(limit.apply(cut) == cut || cut.count == limit.maximumCharacters, "cutting twice changed it again")

    let visible = InvisibleControls.removed(from: text)
    fuzzInvariant(InvisibleControls.removed(from: visible) == visible, "dropping invisible controls is not idempotent")
    for character in visible {
        let invisible = character.unicodeScalars.allSatisfy { InvisibleControls.contains($0) && !["\t", "\n", "\r"].contains($0) }
        fuzzInvariant(!invisible, "an invisible grapheme was kept")
    }
    let html = Tag.p(.aria("label", text)) { text }
    let rendered = html.render()
    for scalar in rendered.unicodeScalars where InvisibleControls.contains(scalar) {
        fuzzInvariant(
            ["\t", "\n", "\r"].contains(scalar) || isInsideVisibleGrapheme(scalar, rendered),
            "U+\(String(scalar.value, radix: 16)) standing alone reached the page")
    }
    return 0
}

/// Whether `scalar` is part of a grapheme that also holds something visible (a joiner in an emoji).
private func isInsideVisibleGrapheme(_ scalar: Unicode.Scalar, _ text: String) -> Bool {
    text.contains { character in
        character.unicodeScalars.contains(scalar) && !character.unicodeScalars.allSatisfy { InvisibleControls.contains($0) }
    }
}
