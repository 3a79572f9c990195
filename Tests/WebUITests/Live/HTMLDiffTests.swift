import Testing

@testable import WebUI

@Suite struct HTMLDiffTests {
    private func countdown(_ digits: [Int]) -> HTML {
        div(.class("countdown")) {
            for (index, digit) in digits.enumerated() {
                span(.class("digit")) { "\(digit)" }.id("d\(index)-\(digit)")
            }
        }
    }

    /// Applies `ops` to the old tree in the reference applier and checks it now matches the new one.
    private func expectApplies(_ ops: [PatchOp], from old: HTML, to new: HTML, sourceLocation: SourceLocation = #_sourceLocation) {
        var applier = ReferenceApplier(old: old, new: new)
        do {
            try applier.apply(ops)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(applier.rendered == ReferenceApplier(old: new, new: new).rendered, sourceLocation: sourceLocation)
    }

    @Test func noChangeIsNoOps() {
        #expect(HTMLDiff.ops(from: countdown([1, 2]), to: countdown([1, 2])).isEmpty)
    }

    @Test func oneChangedKeyedDigitIsOneSmallReplace() {
        let old = countdown([0, 1, 2, 3, 4, 5, 6, 7])
        let new = countdown([0, 1, 2, 9, 4, 5, 6, 7])
        let ops = HTMLDiff.ops(from: old, to: new)
        #expect(ops == [.replace(path: [0, 3], html: #"<span class="digit" id="d3-9">9</span>"#)])
        #expect(ops[0].json == #"{"op":"replace","path":[0,3],"html":"<span class=\"digit\" id=\"d3-9\">9<\/span>"}"#)
        expectApplies(ops, from: old, to: new)
    }

    @Test func oneChangedUnkeyedDigitIsOneTextOp() {
        let old = div { span { "1" }; span { "2" } }
        let new = div { span { "1" }; span { "5" } }
        #expect(HTMLDiff.ops(from: old, to: new) == [.text(path: [0, 1, 0], text: "5")])
    }

    @Test func textsAreMergedAndEmptyTextsDropped() {
        // The browser sees one text node "ab" then the span: the span is child 1, its text child 0.
        let old = HTML.fragment([.text("a"), .text(""), .fragment([.text("b")]), span { "x" }])
        let new = HTML.fragment([.text("ab"), span { "y" }])
        #expect(HTMLDiff.ops(from: old, to: new) == [.text(path: [1, 0], text: "y")])
    }

    @Test func attributeChangesAreOneOpInPlace() {
        let old = div(.class("a"), .hidden(), .data("n", "1")) { "x" }
        let new = div(.class("b"), .data("n", "1"), .disabled()) { "x" }
        let ops = HTMLDiff.ops(from: old, to: new)
        #expect(ops == [.attributes(path: [0], tag: "div", set: ["class": "b", "disabled": ""], remove: ["hidden"])])
        expectApplies(ops, from: old, to: new)
    }

    @Test func insertedKeyedItemMorphsTheList() {
        let old = ul { li { "a" }.id("a"); li { "c" }.id("c") }
        let new = ul { li { "a" }.id("a"); li { "b" }.id("b"); li { "c" }.id("c") }
        let ops = HTMLDiff.ops(from: old, to: new)
        #expect(ops == [.morph(path: [0], tag: "ul", html: new.renderChildrenForTest)])
        expectApplies(ops, from: old, to: new)
    }

    @Test func reorderedKeysMorphTheListSoTheElementsLive() {
        let old = ul { li { "a" }.id("a"); li { "b" }.id("b") }
        let new = ul { li { "b" }.id("b"); li { "a" }.id("a") }
        #expect(HTMLDiff.ops(from: old, to: new) == [.morph(path: [0], tag: "ul", html: new.renderChildrenForTest)])
    }

    @Test func aChangedTagIsAReplace() {
        let old = div { span { "x" }; span { "y" } }
        let new = div { span { "x" }; p { "y" } }
        #expect(HTMLDiff.ops(from: old, to: new) == [.replace(path: [0, 1], html: "<p>y</p>")])
    }

    @Test func aChangedChildCountAtTheRootIsAWholeRootMorph() {
        let old = HTML.fragment([p { "a" }])
        let new = HTML.fragment([p { "a" }, p { "b" }])
        #expect(HTMLDiff.ops(from: old, to: new) == HTMLDiff.resync(to: new))
        #expect(HTMLDiff.resync(to: new) == [.morph(path: [], tag: "main", html: "<p>a</p><p>b</p>")])
    }

    @Test func trustedMarkupIsNeverIndexedIntoOrPast() {
        let old = div { span { "1" }; HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>"); span { "2" } }
        let new = div { span { "1" }; HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>"); span { "3" } }
        let ops = HTMLDiff.ops(from: old, to: new)
        #expect(ops == [.morph(path: [0], tag: "div", html: new.renderChildrenForTest)])
        expectApplies(ops, from: old, to: new)
        // A sibling list without trusted markup next to it is diffed finely as usual.
        let wrappedOld = section { div { HTML.trustedMarkup("<i>i</i>") }; span { "1" } }
        let wrappedNew = section { div { HTML.trustedMarkup("<i>i</i>") }; span { "2" } }
        #expect(HTMLDiff.ops(from: wrappedOld, to: wrappedNew) == [.text(path: [0, 1, 0], text: "2")])
    }

    @Test(arguments: [
        ("a p holding a div", p { div { "x" } }, p { div { "y" } }),
        ("a link inside a link", a { span { a { "x" } } }, a { span { a { "y" } } }),
        ("a button inside a button", button { button { "x" } }, button { button { "y" } }),
        ("a form inside a form", form { form { "x" } }, form { form { "y" } }),
        ("an li inside an li", li { span { li { "x" } } }, li { span { li { "y" } } }),
        ("a heading inside a heading", h1 { h2 { "x" } }, h1 { h2 { "y" } }),
        ("an HTML element in svg", svg { g { span { "x" } } }, svg { g { span { "y" } } }),
    ])
    func contentTheParserRestructuresIsAWholeRootMorph(_ name: String, old: HTML, new: HTML) {
        // What the parser moves out can meet any ancestor's rules, so no path into the page is trusted.
        let ops = HTMLDiff.ops(from: HTML.fragment([section { old }, span { "s" }]), to: HTML.fragment([section { new }, span { "s" }]))
        #expect(ops == [.morph(path: [], tag: "main", html: "<section>" + new.render() + "</section><span>s</span>")], "\(name)")
    }

    @Test func wellFormedNestingIsDiffedFinely() {
        let old = ul { li { ul { li { "x" } } } }
        let new = ul { li { ul { li { "y" } } } }
        #expect(HTMLDiff.ops(from: old, to: new) == [.text(path: [0, 0, 0, 0, 0], text: "y")])
    }

    @Test func manySmallChangesGiveWayToOneMorphWhenThatIsSmaller() {
        let old = div { for index in 0..<20 { span { "\(index)" } } }
        let new = div { for index in 0..<20 { span { "\(index + 1)" } } }
        let ops = HTMLDiff.ops(from: old, to: new)
        #expect(ops == [.morph(path: [0], tag: "div", html: new.renderChildrenForTest)])
        expectApplies(ops, from: old, to: new)
    }

    @Test func thousandsOfRandomTreePairsPatchExactly() {
        var failures = 0
        var kinds: [String: Int] = [:]
        for seed in UInt64(1)...4000 {
            var random = RandomTrees(seed: seed)
            let old = random.tree(depth: 4)
            let new = random.chance(10) ? random.tree(depth: 4) : random.edit(old, depth: 4)
            let ops = HTMLDiff.ops(from: old.html, to: new.html)
            for op in ops { kinds[op.kindForTest, default: 0] += 1 }
            var applier = ReferenceApplier(old: old.html, new: new.html)
            do {
                try applier.apply(ops)
                if applier.rendered != ReferenceApplier(old: new.html, new: new.html).rendered {
                    throw ReferenceApplier.Failure(description: "result differs")
                }
            } catch {
                failures += 1
                if failures <= 3 {
                    Issue.record("seed \(seed): \(error)\nold \(old.html.render())\nnew \(new.html.render())\nops \(ops.map(\.json))")
                }
            }
        }
        #expect(failures == 0)
        // Every kind of op is exercised, fine ones included, not only whole-root morphs.
        for kind in ["text", "attrs", "replace", "morph", "root morph"] {
            #expect(kinds[kind, default: 0] > 100, "\(kind): \(kinds)")
        }
    }
}

extension PatchOp {
    var kindForTest: String {
        switch self {
        case .text: "text"
        case .attributes: "attrs"
        case .replace: "replace"
        case .morph(let path, _, _): path.isEmpty ? "root morph" : "morph"
        }
    }
}

extension HTML {
    /// The rendered children of this element: what a morph of it carries.
    var renderChildrenForTest: String {
        guard case .element(let element) = node else { return "" }
        return element.children.map { $0.render() }.joined()
    }
}
