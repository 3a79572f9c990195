import Foundation
import FuzzSupport
import WebUI

/// Two renders of a plugin's page (the input's two halves, each rebuilt by `ForeignMarkup` as a plugin's HTML is),
/// diffed as a session diffs them. The ops must name only elements the client can find: each key an `id` that occurs
/// exactly once in the page it applies to (the old page for `attrs` and `replace`, both for a `morph`), or the root;
/// a root morph comes alone; the HTML they carry is a piece of the new render; and equal renders give no op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveDiff(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let middle = input.bytes.count / 2
    guard let old = try? ForeignMarkup.parse(String(decoding: input.bytes[..<middle], as: UTF8.self)),
        let new = try? ForeignMarkup.parse(String(decoding: input.bytes[middle...], as: UTF8.self))
    else { return 0 }
    let oldMarkup = old.render()
    let newMarkup = new.render()
    fuzzInvariant(HTMLDiff.ops(from: new, to: new).isEmpty, "a page diffed against itself gave ops")
    let ops = HTMLDiff.ops(from: old, to: new)
    fuzzInvariant(ops.isEmpty == (oldMarkup == newMarkup), "ops \(ops.count) for renders that are equal: \(oldMarkup == newMarkup)")
    for op in ops {
        switch op {
        case .attributes(let key, let set, let remove):
            fuzzInvariant(occurrences(of: key, in: oldMarkup) == 1, "attrs for \(key), not one element in \(oldMarkup)")
            fuzzInvariant(!set.isEmpty || !remove.isEmpty, "an attrs op that changes nothing")
        case .replace(let key, let html):
            fuzzInvariant(occurrences(of: key, in: oldMarkup) == 1, "replace of \(key), not one element in \(oldMarkup)")
            fuzzInvariant(newMarkup.contains(html), "replace html is not in the new render")
        case .morph(let key, let html):
            if key == HTMLDiff.rootKey {
                fuzzInvariant(ops.count == 1 && html == newMarkup, "a root morph with other ops, or not the whole page")
            } else {
                fuzzInvariant(
                    occurrences(of: key, in: oldMarkup) == 1 && occurrences(of: key, in: newMarkup) == 1,
                    "morph of \(key), not one element in each render")
                fuzzInvariant(newMarkup.contains(html), "morph html is not in the new render")
            }
        }
    }
    return 0
}

/// How many elements the builder wrote with `id="key"` (a quote inside any value is escaped, so this is exact).
private func occurrences(of key: String, in markup: String) -> Int {
    let escaped = HTML.text(key).render().replacingOccurrences(of: "\"", with: "&quot;")
    return markup.components(separatedBy: " id=\"\(escaped)\"").count - 1
}
