import FeatureHostCore
import FeatureHostTesting
import Foundation
import ImageDecoding
import Testing

@testable import TerminalUI

/// Images by key, as the host's image cache lends them, counting reads.
final class InMemoryImages: ImageLoading, Sendable {
    private let state = Locked<(stored: [String: Data], readCount: Int)>(([:], 0))

    var reads: Int { state.withLock { $0.readCount } }

    func add(_ data: Data, key: String) -> ImageReference {
        state.withLock { $0.stored[key] = data }
        return ImageReference(key: key, contentType: "image/jpeg", byteCount: data.count)
    }

    /// The pictures here are only drawn from what `add` kept: a fetch or a scoping is a test that went wrong, and
    /// fails it rather than quietly failing the fetch.
    func image(at url: URL) async throws(ImageFailure) -> ImageReference {
        Issue.record("InMemoryImages fetches nothing: \(url) was asked for")
        throw ImageFailure("not set up")
    }

    func scoped(trusting origin: HTTPOrigin?) -> any ImageLoading {
        Issue.record("InMemoryImages is not scoped by the pictures it draws")
        return self
    }

    func cachedImage(forKey key: String) -> CachedImage? {
        state.withLock { state in
            state.readCount += 1
            return state.stored[key].map {
                CachedImage(reference: ImageReference(key: key, contentType: "image/jpeg", byteCount: $0.count), data: $0)
            }
        }
    }
}

@Suite("Picture mode: which terminals get what")
struct PictureModeTests {
    static func mode(_ environment: [String: String]) -> PictureMode {
        PictureMode.detect(environment: environment, colorMode: ColorMode.detect(environment: environment)).mode
    }

    @Test("COLORTERM=truecolor: 24-bit half blocks; a 256-colour TERM: 256-colour half blocks")
    func halfBlocks() {
        #expect(Self.mode(["COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .halfBlocks(.trueColor))
        #expect(Self.mode(["TERM": "xterm-256color"]) == .halfBlocks(.ansi256))
    }

    @Test("NO_COLOR and 16-colour terminals get the placeholders, whatever is asked")
    func off() {
        #expect(Self.mode(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .off)
        #expect(Self.mode(["NO_COLOR": "", "TERM": "xterm-kitty", "FEATUREHOST_PICTURES": "kitty"]) == .off)
        #expect(Self.mode(["TERM": "xterm"]) == .off)
        #expect(Self.mode(["TERM": "xterm", "FEATUREHOST_PICTURES": "blocks"]) == .off)
        let (_, reason) = PictureMode.detect(environment: ["NO_COLOR": "1"], colorMode: .none)
        #expect(reason == "NO_COLOR is set: placeholders")
    }

    @Test("FEATUREHOST_PICTURES turns them off or picks the way")
    func variable() {
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(Self.mode(truecolor.merging(["FEATUREHOST_PICTURES": "off"]) { $1 }) == .off)
        #expect(Self.mode(truecolor.merging(["FEATUREHOST_PICTURES": "blocks", "TERM": "xterm-kitty"]) { $1 }) == .halfBlocks(.trueColor))
        #expect(Self.mode(truecolor.merging(["FEATUREHOST_PICTURES": "kitty"]) { $1 }) == .kitty)
        #expect(Self.mode(truecolor.merging(["FEATUREHOST_PICTURES": "iTerm2"]) { $1 }) == .iTerm2)
        #expect(Self.mode(truecolor.merging(["FEATUREHOST_PICTURES": "auto"]) { $1 }) == .halfBlocks(.trueColor))
    }

    @Test("kitty, Ghostty, iTerm2 and WezTerm get pixels; inside tmux or screen, half blocks")
    func protocols() {
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(Self.mode(truecolor.merging(["TERM": "xterm-kitty"]) { $1 }) == .kitty)
        #expect(Self.mode(truecolor.merging(["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"]) { $1 }) == .kitty)
        #expect(Self.mode(truecolor.merging(["TERM_PROGRAM": "ghostty"]) { $1 }) == .kitty)
        #expect(Self.mode(truecolor.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 }) == .iTerm2)
        #expect(Self.mode(truecolor.merging(["LC_TERMINAL": "iTerm2"]) { $1 }) == .iTerm2)
        #expect(Self.mode(truecolor.merging(["TERM_PROGRAM": "WezTerm"]) { $1 }) == .iTerm2)
        #expect(Self.mode(truecolor.merging(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"]) { $1 }) == .halfBlocks(.trueColor))
        #expect(
            Self.mode(truecolor.merging(["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "iTerm.app"]) { $1 }) == .halfBlocks(.trueColor)
        )
        #expect(Self.mode(["TERM": "screen-256color", "STY": "1.pts", "LC_TERMINAL": "iTerm2"]) == .halfBlocks(.ansi256))
    }
}

@Suite("Drawing pictures as half blocks")
struct PictureDrawingTests {
    /// A 2 × 4-pixel picture (2 × 2 cells) with distinct pixels.
    static let picture: Picture = {
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<2 { pixels += [UInt8(x * 100 + 50), UInt8(y * 60), 200, 255] }
        }
        return Picture(
            key: "k", cells: Size(width: 2, height: 2), pixels: DecodedImage(width: 2, height: 4, pixels: pixels, format: .scaled))
    }()

    @Test("each cell is ▀ with the upper pixel in front and the lower behind, in 24-bit colour")
    func trueColor() {
        var frame = Frame(size: Size(width: 4, height: 3))
        frame.drawPicture(Self.picture, at: Point(x: 1, y: 1), background: .rgb(0, 0, 0))
        #expect(frame[1, 1] == Cell("▀", style: Style(foreground: .rgb(50, 0, 200), background: .rgb(50, 60, 200))))
        #expect(frame[2, 2] == Cell("▀", style: Style(foreground: .rgb(150, 120, 200), background: .rgb(150, 180, 200))))
        #expect(frame[0, 0] == .blank, "nothing outside its cells")
        // Clipped at the frame's edge, never a trap.
        var small = Frame(size: Size(width: 1, height: 1))
        small.drawPicture(Self.picture, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0))
        small.drawPicture(Self.picture, at: Point(x: -5, y: 7), background: .rgb(0, 0, 0))
        #expect(small[0, 0].grapheme == "▀")
    }

    @Test("in 256 colours every pixel is a palette colour, dithered so a flat tone between two averages out near it")
    func palette() throws {
        let tone: [UInt8] = [120, 100, 90, 255]
        let flat = Picture(
            key: "flat", cells: Size(width: 16, height: 8),
            pixels: DecodedImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: tone, count: 256).joined()), format: .scaled))
        var frame = Frame(size: Size(width: 16, height: 8))
        frame.drawPicture(flat, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0), colors: .ansi256)
        var total = [0, 0, 0]
        var shown = Set<Color>()
        for cell in frame.cells {
            for color in [cell.style.foreground, cell.style.background] {
                let c = try #require(color)
                #expect(c.shown(in: .ansi256) == c, "\(c) is not a palette colour")
                shown.insert(c)
                total[0] += Int(c.components.red)
                total[1] += Int(c.components.green)
                total[2] += Int(c.components.blue)
            }
        }
        #expect(shown.count > 1, "dithered, not one flat palette colour")
        for (channel, value) in zip(total, tone) { #expect(abs(Double(channel) / 256 - Double(value)) < 14) }
    }

    @Test("an ellipse shows the background in its corners, with a soft edge")
    func ellipse() {
        let white = Picture(
            key: "w", cells: Size(width: 5, height: 3),
            pixels: DecodedImage(width: 5, height: 6, pixels: [UInt8](repeating: 255, count: 5 * 6 * 4), format: .scaled))
        var frame = Frame(size: Size(width: 5, height: 3))
        frame.drawPicture(white, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0), shape: .ellipse)
        #expect(frame[2, 1].style == Style(foreground: .rgb(255, 255, 255), background: .rgb(255, 255, 255)))
        // The top-left cell: pixel (0, 0) in front, pixel (0, 1) behind.
        let corner = frame[0, 0].style.foreground?.components.red ?? 255
        #expect(corner < 100, "the corner is mostly background")
        let edge = frame[0, 0].style.background?.components.red ?? 0
        #expect(edge > corner && edge < 255, "the edge is partly covered")
    }

    @Test("the placeholder shape: the #C8C8C8 circle where the picture will be")
    func placeholder() {
        var frame = Frame(size: Size(width: 5, height: 3))
        frame.drawPictureShape(
            .ellipse, cells: Size(width: 5, height: 3), at: Point(x: 0, y: 0), color: .rgb(200, 200, 200), background: .rgb(255, 255, 255))
        #expect(frame[2, 1] == Cell(" ", style: Style(foreground: .rgb(200, 200, 200), background: .rgb(200, 200, 200))))
        #expect(frame[0, 0].style.foreground != .rgb(200, 200, 200))
    }

    @Test("FrameRenderer.lines: one row each, from and back to the default style")
    func lines() {
        var frame = Frame(size: Size(width: 3, height: 2))
        frame.drawPicture(Self.picture, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0))
        let lines = FrameRenderer(colorMode: .trueColor).lines(frame)
        #expect(lines.count == 2)
        #expect(lines[0] == "\u{1B}[38;2;50;0;200;48;2;50;60;200m▀\u{1B}[38;2;150;0;200;48;2;150;60;200m▀\u{1B}[0m ")
        #expect(FrameRenderer(colorMode: .none).lines(frame)[1] == "▀▀ ")
    }
}

@MainActor
@Suite("The picture store: decoding off the main actor, caches per size")
struct PictureStoreTests {
    static let car = SampleImage.fixture("car-red.jpg")

    private func store(
        mode: PictureMode = .halfBlocks(.trueColor), limits: DecodingLimits = .standard, decoded: Int = PictureStore.decodedCapacity
    )
        -> (PictureStore, InMemoryImages, ActivityTracker)
    {
        let images = InMemoryImages()
        let activity = ActivityTracker()
        let store = PictureStore(mode: mode, images: images, activity: activity, limits: limits, decodedCapacity: decoded)
        return (store, images, activity)
    }

    @Test("pending first, decoded off the main actor (counted as activity), a render's change, then ready at any size")
    func decodesOnce() async throws {
        #expect(!Self.car.isEmpty)
        let (store, images, activity) = store()
        let car = images.add(Self.car, key: "car")
        var lookups: [PictureLookup] = []
        // A render as the shell's loop tracks it: the decode's end is a change it sees, and one render follows.
        let renders = RenderLoop { lookups.append(store.picture(car, cells: Size(width: 40, height: 10))) }
        renders.renderNow()
        #expect(lookups == [.pending])
        #expect(store.picture(car, cells: Size(width: 40, height: 10)) == .pending, "one decode, however often asked")
        #expect(activity.inFlight == 1)
        await activity.waitUntilIdle(timeout: TestHost.idleTimeout)
        await MainActorTurns.run(until: { renders.renderCount == 2 })
        await MainActorTurns.run()
        #expect(renders.renderCount == 2, "the decode's end made the render loop draw again")
        guard case .ready = lookups.last else {
            Issue.record("the second render did not get the picture: \(lookups)")
            return
        }
        renders.stop()
        guard case .ready(let picture) = store.picture(car, cells: Size(width: 40, height: 10)) else {
            Issue.record("not ready")
            return
        }
        #expect(picture.cells == Size(width: 40, height: 10))
        #expect(picture.pixels.width == 40 && picture.pixels.height == 20)
        #expect(picture.fine == nil, "no pixels for a protocol in half-block mode")
        #expect(store.picture(car, cells: Size(width: 40, height: 10)) == .ready(picture), "the same picture again")
        #expect(store.scaleCount == 1, "scaled once for that size")
        guard case .ready(let small) = store.picture(car, cells: Size(width: 5, height: 3)) else {
            Issue.record("another size not ready")
            return
        }
        #expect(small.pixels.width == 5 && small.pixels.height == 6)
        #expect(store.decodeCount == 1)
        #expect(images.reads == 1)
    }

    @Test("bytes that are no picture fail once with the decoder's words, and are not decoded again")
    func failure() async {
        let (store, images, activity) = store()
        let gif = images.add(Data("GIF89a……".utf8), key: "gif")
        #expect(store.picture(gif, cells: Size(width: 5, height: 3)) == .pending)
        await activity.waitUntilIdle(timeout: TestHost.idleTimeout)
        #expect(store.picture(gif, cells: Size(width: 5, height: 3)) == .failed("The file is neither a PNG nor a JPEG image."))
        #expect(store.picture(gif, cells: Size(width: 9, height: 3)) == .failed("The file is neither a PNG nor a JPEG image."))
        #expect(store.decodeCount == 1)
    }

    @Test("a picture past the pixel limit is refused before it is decoded")
    func limit() async {
        let (store, images, activity) = store(limits: DecodingLimits(maximumPixels: 100 * 100))
        let car = images.add(Self.car, key: "car")
        _ = store.picture(car, cells: Size(width: 5, height: 3))
        await activity.waitUntilIdle(timeout: TestHost.idleTimeout)
        #expect(
            store.picture(car, cells: Size(width: 5, height: 3))
                == .failed("The JPEG image is 960×600 pixels, past the limit of 10000 pixels."))
    }

    @Test("with pictures off, nothing is read or decoded")
    func off() {
        let (store, images, activity) = store(mode: .off)
        let car = images.add(Self.car, key: "car")
        #expect(store.picture(car, cells: Size(width: 5, height: 3)) == .failed("Pictures are off in this terminal."))
        #expect(activity.inFlight == 0 && images.reads == 0)
    }

    @Test("the decoded cache keeps to its capacity, the least recently used going first")
    func bounded() async {
        // Room for one decoded photo's working copy (512 × 320, 655 KB), not two.
        let (store, images, activity) = store(decoded: 1_000_000)
        let red = images.add(Self.car, key: "red")
        let blue = images.add(SampleImage.fixture("car-blue.jpg"), key: "blue")
        for image in [red, blue] {
            #expect(store.picture(image, cells: Size(width: 10, height: 3)) == .pending)
            await activity.waitUntilIdle(timeout: TestHost.idleTimeout)
            #expect(store.picture(image, cells: Size(width: 10, height: 3)) != .pending)
        }
        #expect(store.cachedBytes.decoded <= 1_000_000)
        // The scaled copy of the first stays; a new size of it needs a decode again.
        #expect(store.picture(red, cells: Size(width: 10, height: 3)) != .pending)
        #expect(store.picture(red, cells: Size(width: 11, height: 3)) == .pending)
    }

    @Test("for a pixel protocol, each picture also at the terminal's pixels, its shape cut out by alpha")
    func fine() async throws {
        let (store, images, activity) = store(mode: .kitty)
        store.cellPixels = Size(width: 9, height: 18)
        let car = images.add(Self.car, key: "car")
        _ = store.picture(car, cells: Size(width: 5, height: 3), shape: .ellipse)
        await activity.waitUntilIdle(timeout: TestHost.idleTimeout)
        guard case .ready(let picture) = store.picture(car, cells: Size(width: 5, height: 3), shape: .ellipse) else {
            Issue.record("not ready")
            return
        }
        let fine = try #require(picture.fine)
        #expect(fine.width == 45 && fine.height == 54)
        #expect(fine.pixel(x: 0, y: 0).alpha == 0 && fine.pixel(x: 22, y: 27).alpha == 255)
        guard case .ready(let square) = store.picture(car, cells: Size(width: 5, height: 3)) else {
            Issue.record("no square")
            return
        }
        #expect(square.fine?.pixel(x: 0, y: 0).alpha == 255)
    }
}
