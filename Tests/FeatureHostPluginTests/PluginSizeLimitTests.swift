import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

/// A plugin that sends more than the host accepts: its process keeps at most the limit (never the rest), the host
/// stops the plugin with a message in its panel, and the built-in feature goes on.
@Suite @MainActor struct PluginSizeLimitTests {
    static let lost = "Its in-memory state was lost; what it saved to disk is kept."

    @Test func aFrameOverTheByteLimitStopsThePlugin() async throws {
        let stubbed = try await StubbedHost([.hugeFrame], library: "bigframe")
        #expect(
            stubbed.pluginText.hasPrefix(
                "The plugin libbigframe.so was stopped: it sent more than 8 MiB for one 72×8 frame, and the host accepts at "
                    + "most 8 MiB. \(Self.lost)"), "\(stubbed.pluginText)")
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"))
    }

    @Test func aFrameOfMoreCellsThanTheScreenIsRefusedBeforeItIsBuilt() async throws {
        let stubbed = try await StubbedHost([.hugeFrameCells], library: "bigcells")
        #expect(
            stubbed.pluginText
                == "The plugin libbigcells.so sent a frame that cannot be read: the frame size 2000×2000 is larger than 576 cells.")
        #expect(stubbed.pluginFeature?.instance.stopReason == nil, "a frame that cannot be read is refused per render, as before")
    }

    @Test func keyHintsOverTheLimitStopThePlugin() async throws {
        let stubbed = try await StubbedHost([.hugeKeyHints], library: "bighints")
        #expect(stubbed.plugin?.scene.keyHints == [KeyHint(key: "r", action: "restart")], "only its panel's restart")
        #expect(
            stubbed.pluginText.hasPrefix(
                "The plugin libbighints.so was stopped: it sent more than 64 KiB of key hints, and the host accepts at most "
                    + "64 KiB. \(Self.lost)"), "\(stubbed.pluginText)")
    }

    @Test func htmlOverTheLimitStopsThePluginOnItsPage() async throws {
        let stubbed = try await StubbedHost([.webEntry, .hugeHTML], library: "bightml")
        let feature = try #require(stubbed.pluginFeature)
        let scene = try #require(PluginWeb.scene(for: feature))
        let message =
            "The plugin libbightml.so was stopped: it sent more than 1 MiB of HTML for one render, and the host accepts at most "
            + "1 MiB. \(Self.lost)"
        #expect(scene.render().render().hasPrefix(#"<div class="fh-plugin-stopped" role="alert"><p>\#(message)</p>"#))
        #expect(stubbed.pluginText.hasPrefix(message), "the terminal panel says the same")
        await stubbed.host.advance(by: .seconds(1))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 1"))
    }

    @Test func theHTMLLimitIsTheMarkupParsersOwn() {
        #expect(PluginLimits.standard.htmlBytes == ForeignMarkup.maximumBytes)
    }

    @Test func aSinkKeepsNoMoreThanItsLimitAndDropsLateWrites() throws {
        let sink = ByteSink(limit: 10)
        let chunk = [UInt8](repeating: 7, count: 6)
        let late = sink.receive { pointer, write in
            for _ in 0..<3 { chunk.withUnsafeBufferPointer { write(pointer, $0.baseAddress, $0.count) } }
            return pointer
        }
        #expect(sink.bytes.count == 10)
        #expect(sink.isOverLimit)
        chunk.withUnsafeBufferPointer { ByteSink.write(late, $0.baseAddress, $0.count) }
        #expect(sink.bytes.count == 10, "a write after the call finds no sink")
        #expect(throws: ByteSink.OverLimit(limit: 4)) {
            try ByteSink.collect(limit: 4) { pointer, write in chunk.withUnsafeBufferPointer { write(pointer, $0.baseAddress, $0.count) } }
        }
        #expect(ByteSink.OverLimit(limit: 8 << 20).description == "more than 8 MiB")
    }
}
