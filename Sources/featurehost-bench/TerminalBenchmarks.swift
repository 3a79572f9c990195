import Foundation
import TerminalUI

/// Rendering and diffing whole frames, and the bytes a small change costs.
enum TerminalBenchmarks {
    static func run(_ bench: inout Benchmark) {
        let renderer = FrameRenderer(colorMode: .trueColor)
        for size in [Size(width: 80, height: 24), Size(width: 250, height: 80)] {
            let first = busyFrame(size: size, seconds: 41)
            let second = busyFrame(size: size, seconds: 42)
            bench.measure("terminal: build a busy \(size) frame", iterations: 201) {
                _ = busyFrame(size: size, seconds: 41)
            }
            bench.measure("terminal: render a full \(size) frame to ANSI", iterations: 201) {
                _ = renderer.render(first)
            }
            bench.measure("terminal: diff two \(size) frames", iterations: 201) {
                _ = renderer.diff(from: first, to: second)
            }
        }
        let size = Size(width: 80, height: 24)
        let before = busyFrame(size: size, seconds: 41)
        let after = busyFrame(size: size, seconds: 42)
        let full = renderer.render(after).utf8.count
        let diff = renderer.diff(from: before, to: after).utf8.count
        bench.report("terminal: bytes for a full 80×24 frame", value: "\(full) B")
        bench.report("terminal: bytes when only a clock's last two digits change", value: "\(diff) B")
    }

    /// A frame like a feature screen: a gradient, boxes, styled text, and a clock `00:23:59:SS`.
    static func busyFrame(size: Size, seconds: Int) -> Frame {
        var frame = Frame(size: size)
        frame.fillGradient(Rect(x: 0, y: 0, width: size.width, height: 1), from: .rgb(65, 69, 152), to: .rgb(234, 72, 187))
        frame.drawBox(Rect(x: 1, y: 2, width: size.width - 2, height: size.height - 4))
        for row in 3..<(size.height - 3) {
            frame.put(
                "Row \(row): the quick brown fox jumps over the lazy dog 漢字 😀", at: Point(x: 3, y: row),
                style: Style(foreground: .rgb(200, 200, 200)))
        }
        let clock = String(format: "00:23:59:%02d", seconds)
        frame.put(clock, at: Point(x: size.width / 2 - 5, y: size.height - 2), style: Style(foreground: .white, bold: true))
        return frame
    }
}
