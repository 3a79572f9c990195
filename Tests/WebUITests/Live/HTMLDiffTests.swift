import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

@Suite struct HTMLDiffTests {
    private func countdown(_ digits: [Int]) -> HTML {
        Tag.div(.class("countdown")) {
            for (index, digit) in digits.enumerated() {
                Tag.span(.class("digit")) { "\(digit)" }.id("d\(index)-\(digit)")
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

    /// The ops, checked against the reference applier on the way.
    private func diff(_ old: HTML, _ new: HTML, sourceLocation: SourceLocation = #_sourceLocation) -> [PatchOp] {
        let ops = HTMLDiff.ops(from: old, to: new)
        expectApplies(ops, from: old, to: new, sourceLocation: sourceLocation)
        return ops
    }

    @Test func noChangeIsNoOps() {
        #expect(HTMLDiff.ops(from: countdown([1, 2]), to: countdown([1, 2])).isEmpty)
        #expect(HTMLDiff.ops(from: .empty, to: .fragment([.text(""), .empty])).isEmpty)
    }

    @Test func oneChangedKeyedDigitIsOneSmallReplaceOfTheOldKey() {
        let ops = diff(countdown([0, 1, 2, 3, 4, 5, 6, 7]), countdown([0, 1, 2, 9, 4, 5, 6, 7]))
        #expect(ops == [.replace(key: "d3-3", html: #"<span class="digit" id="d3-9">9</span>"#)])
        #expect(ops[0].json == #"{"op":"replace","key":"d3-3","html":"<span class=\"digit\" id=\"d3-9\">9<\/span>"}"#)
    }

    @Test func aChangedTextInAKeyedElementMorphsThatElementOnly() {
        let old = Tag.div {
            Tag.span { "1" }.id("a")
            Tag.span { "2" }.id("b")
        }
        let new = Tag.div {
            Tag.span { "1" }.id("a")
            Tag.span { "5" }.id("b")
        }
        #expect(diff(old, new) == [.morph(key: "b", html: "5")])
    }

    @Test func aChangeBelowUnkeyedElementsMorphsTheNearestKeyedOne() {
        let old = Tag.section {
            Tag.p { "t" }
            Tag.div { Tag.span { "x" } }
        }.id("s")
        let new = Tag.section {
            Tag.p { "t" }
            Tag.div { Tag.span { "y" } }
        }.id("s")
        #expect(diff(old, new) == [.morph(key: "s", html: "<p>t</p><div><span>y</span></div>")])
        // With no keyed element above it, the root.
        #expect(
            diff(Tag.div { Tag.span { "x" } }, Tag.div { Tag.span { "y" } }) == [.morph(key: "fh-root", html: "<div><span>y</span></div>")])
    }

    @Test func attributeChangesOfAKeyedElementAreOneOpInPlace() {
        let old = Tag.div(.class("a"), .hidden(), .data("n", "1")) { "x" }.id("k")
        let new = Tag.div(.class("b"), .data("n", "1"), .disabled()) { "x" }.id("k")
        #expect(diff(old, new) == [.attributes(key: "k", set: ["class": "b", "disabled": ""], remove: ["hidden"])])
        #expect(
            PatchOp.attributes(key: "k", set: ["class": "b", "disabled": ""], remove: ["hidden"]).json
                == #"{"op":"attrs","key":"k","set":{"class":"b","disabled":""},"remove":["hidden"]}"#)
    }

    @Test func anUnkeyedElementsAttributesMorphTheNearestKeyedOne() {
        let old = Tag.div {
            Tag.span(.class("a")) { "x" }
            Tag.span { "long enough to lose" }.id("b")
        }.id("k")
        let new = Tag.div {
            Tag.span(.class("b")) { "x" }
            Tag.span { "long enough to lose" }.id("b")
        }.id("k")
        #expect(diff(old, new) == [.morph(key: "k", html: #"<span class="b">x</span><span id="b">long enough to lose</span>"#)])
    }

    @Test func attributesAndContentOfOneKeyedElementTogether() {
        let page = Tag.p { "A paragraph that stays as it is, so the two ops take fewer bytes than the whole root." }
        let old = HTML.build {
            page
            Tag.p(.class("a")) { Tag.span { "1" } }.id("k")
        }
        let new = HTML.build {
            page
            Tag.p(.class("b")) { Tag.span { "2" } }.id("k")
        }
        #expect(diff(old, new) == [.attributes(key: "k", set: ["class": "b"], remove: []), .morph(key: "k", html: "<span>2</span>")])
        // Alone, the element is smaller sent whole with the root.
        #expect(
            diff(Tag.p(.class("a")) { Tag.span { "1" } }.id("k"), Tag.p(.class("b")) { Tag.span { "2" } }.id("k")) == [
                .morph(key: "fh-root", html: #"<p class="b" id="k"><span>2</span></p>"#)
            ])
    }

    @Test func anInsertedItemMorphsTheKeyedList() {
        let old = Tag.ul {
            Tag.li { "a" }.id("a")
            Tag.li { "c" }.id("c")
        }.id("list")
        let new = Tag.ul {
            Tag.li { "a" }.id("a")
            Tag.li { "b" }.id("b")
            Tag.li { "c" }.id("c")
        }.id("list")
        #expect(diff(old, new) == [.morph(key: "list", html: #"<li id="a">a</li><li id="b">b</li><li id="c">c</li>"#)])
    }

    @Test func reorderedKeysMorphTheListSoTheElementsLive() {
        let old = Tag.ul {
            Tag.li { "a" }.id("a")
            Tag.li { "b" }.id("b")
        }.id("list")
        let new = Tag.ul {
            Tag.li { "b" }.id("b")
            Tag.li { "a" }.id("a")
        }.id("list")
        #expect(diff(old, new) == [.morph(key: "list", html: #"<li id="b">b</li><li id="a">a</li>"#)])
    }

    @Test func aKeyedElementReplacedByOtherMarkupIsAReplace() {
        let old = Tag.div {
            Tag.span { "x" }
            Tag.span { "gone" }.id("old")
        }.id("k")
        let new = Tag.div {
            Tag.span { "x" }
            Tag.p { "new" }
        }.id("k")
        #expect(diff(old, new) == [.replace(key: "old", html: "<p>new</p>")])
        // The same key on another tag is a new element too.
        #expect(
            diff(
                old,
                Tag.div {
                    Tag.span { "x" }
                    Tag.p { "gone" }.id("old")
                }.id("k")) == [.replace(key: "old", html: #"<p id="old">gone</p>"#)])
    }

    @Test func aKeyThatMovesElsewhereIsNeverReplacedAway() {
        // `b` leaves the first list for the second: replacing it would recreate it (and lose its focus or
        // animation); the anchor holding both is morphed, and the client keeps what it can match.
        let old = Tag.div {
            Tag.ul {
                Tag.li { "a" }.id("a")
                Tag.li { "b" }.id("b")
            }
            Tag.ul { Tag.li { "c" }.id("c") }
        }.id("k")
        let new = Tag.div {
            Tag.ul {
                Tag.li { "a" }.id("a")
                Tag.li { "x" }.id("x")
            }
            Tag.ul { Tag.li { "b" }.id("b") }
        }.id("k")
        let ops = diff(old, new)
        #expect(ops.count == 1)
        #expect(ops.first.map { if case .morph(key: "k", _) = $0 { true } else { false } } == true)
    }

    @Test func repeatedKeysAndTheRootsKeyAddressNothing() {
        let twice = diff(
            Tag.div {
                Tag.span { "1" }.id("x")
                Tag.span { "2" }.id("x")
            },
            Tag.div {
                Tag.span { "1" }.id("x")
                Tag.span { "3" }.id("x")
            })
        #expect(twice == [.morph(key: "fh-root", html: #"<div><span id="x">1</span><span id="x">3</span></div>"#)])
        let root = diff(Tag.div { "1" }.id("fh-root"), Tag.div { "2" }.id("fh-root"))
        #expect(root == [.morph(key: "fh-root", html: #"<div id="fh-root">2</div>"#)])
    }

    @Test func trustedMarkupIsOpaqueButNeverInTheWayOfItsKeyedSiblings() {
        let icon = HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
        #expect(
            diff(
                Tag.div {
                    icon
                    Tag.span { "1" }.id("s")
                },
                Tag.div {
                    icon
                    Tag.span { "2" }.id("s")
                }) == [.morph(key: "s", html: "2")])
        let changed = HTML.trustedMarkup("<svg><path d=\"M1\"></path></svg>")
        #expect(
            diff(
                Tag.div {
                    icon
                    Tag.span { "1" }
                }.id("k"),
                Tag.div {
                    changed
                    Tag.span { "1" }
                }.id("k")) == [
                    .morph(key: "k", html: #"<svg><path d="M1"></path></svg><span>1</span>"#)
                ])
    }

    @Test func textsAreMergedAndEmptyTextsDropped() {
        let old = HTML.fragment([.text("a"), .text(""), .fragment([.text("b")]), Tag.span { "x" }.id("s")])
        let new = HTML.fragment([.text("ab"), Tag.span { "y" }.id("s")])
        #expect(diff(old, new) == [.morph(key: "s", html: "y")])
    }

    @Test func manySmallChangesGiveWayToOneMorphWhenThatIsSmaller() {
        let old = Tag.div { for index in 0..<20 { Tag.span { "\(index)" }.id("s\(index)") } }.id("k")
        let new = Tag.div { for index in 0..<20 { Tag.span { "\(index + 1)" }.id("s\(index)") } }.id("k")
        let ops = diff(old, new)
        #expect(ops.count == 1)
        #expect(ops.first.map { if case .morph(key: "k", _) = $0 { true } else { false } } == true)
    }

    @Test func nestingTheParserWouldRestructureIsDiffedAsWritten() {
        // No model of the parser: the diff says what changed in the server's tree. Scenes write markup that nests
        // as HTML allows (docs/web-surface.md), which the browser builds as written.
        #expect(diff(Tag.p { Tag.div { "x" } }.id("p"), Tag.p { Tag.div { "y" } }.id("p")) == [.morph(key: "p", html: "<div>y</div>")])
    }

    @Test func theRenderedTreeIsTheRenderAndItsNodesTheBrowsersTree() throws {
        for seed in UInt64(1)...500 {
            var random = RandomTrees(seed: seed)
            let html = random.tree(depth: 4).html
            let tree = try #require(RenderedTree(html))
            #expect(tree.markupString == html.render(), "seed \(seed)")
            for (index, node) in tree.nodes.enumerated() {
                // No empty text, no two texts side by side.
                #expect(node.end > node.start || node.kind == .element, "seed \(seed)")
                if node.kind == .text, node.subtreeEnd < tree.nodes.count, tree.nodes[node.subtreeEnd].start == node.end {
                    #expect(tree.nodes[node.subtreeEnd].kind != .text, "seed \(seed) node \(index)")
                }
            }
            // Equal renders, equal hashes; a second render of the same value is the same.
            let again = try #require(RenderedTree(html))
            #expect(tree.nodes.map(\.hash) == again.nodes.map(\.hash))
        }
    }

    @Test func renderingStopsAtItsLimit() {
        let long = Tag.div { String(repeating: "<", count: 1_000) }
        #expect(RenderedTree(long, byteLimit: 4_010) == nil)
        #expect(RenderedTree(long, byteLimit: 4_011)?.markup.count == 4_011)
    }

    @Test(arguments: [false, true])
    func thousandsOfRandomTreePairsPatchExactly(nestsAsWritten: Bool) {
        var failures = 0
        var kinds: [String: Int] = [:]
        for seed in UInt64(1)...4000 {
            var random = RandomTrees(seed: seed, nestsAsWritten: nestsAsWritten)
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
        for kind in ["attrs", "replace", "morph", "root morph"] {
            #expect(kinds[kind, default: 0] > 50, "\(kind): \(kinds)")
        }
    }
}

extension PatchOp {
    var kindForTest: String {
        switch self {
        case .attributes: "attrs"
        case .replace: "replace"
        case .morph(let key, _): key == HTMLDiff.rootKey ? "root morph" : "morph"
        }
    }
}
