import CarNewsFeature
import CarNewsTerminal
import ChatsFeature
import ChatsTerminal
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import ImageDecoding
import TerminalUI

/// Pictures in the terminal: decoding the photos and avatars, scaling one to a card, and the frames of car-news and
/// chats with pictures against the same frames without them (the anchor, in the same run): scrolling (pictures
/// cached at their size), resizing (each frame at a new size: scaled again from the decoded photo), at 80 × 23 and
/// 200 × 59. The frame budget of a 60 Hz terminal is 16.7 ms.
enum PictureBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let car = [UInt8](SampleImage.fixture("car-red.jpg"))
        let progressive = [UInt8](SampleImage.fixture("car-blue.jpg"))
        let avatar = [UInt8](SampleImage.fixture("avatar-anna.png"))
        guard !car.isEmpty, !progressive.isEmpty, !avatar.isEmpty else { return print("pictures: the fixtures are missing") }
        var decoded: DecodedImage?
        let decode = bench.measure("pictures: decode a 960×600 baseline JPEG (4:2:0)", iterations: 15) {
            decoded = try? ImageDecoder.decode(car)
        }
        bench.measure("pictures: decode a 960×600 progressive JPEG (4:2:0)", iterations: 15) {
            _ = try? ImageDecoder.decode(progressive)
        }
        bench.measure("pictures: decode a 128×128 RGBA PNG avatar", iterations: 50) {
            _ = try? ImageDecoder.decode(avatar)
        }
        guard let photo = decoded else { return print("pictures: the photo did not decode") }
        let scale = bench.measure("pictures: scale the photo to a card (75×24 px, linear light)", iterations: 50) {
            _ = PixelScaling.scaled(photo, width: 75, height: 24)
        }
        bench.report("pictures: scaling ÷ decoding", value: String(format: "%.3f", scale / decode))

        await frames(&bench, size: Size(width: 80, height: 23))
        await frames(&bench, size: Size(width: 200, height: 59))
        await chats(&bench)
    }

    /// Car news with six photos from a scripted loopback: frames with and without pictures, scrolling and resizing.
    @MainActor
    static func frames(_ bench: inout Benchmark, size: Size) async {
        // The hosts are kept to the end: their data directories (and image caches) go with them.
        guard let (plain, _, plainHost) = try? await carNews(mode: .off),
            let (pictured, store, picturedHost) = try? await carNews(mode: .halfBlocks(.trueColor))
        else { return print("pictures: car news did not open") }
        defer { withExtendedLifetime((plainHost, picturedHost)) {} }
        let label = "\(size.width)×\(size.height)"
        // Warm: every card's photo decoded and scaled for this size.
        for _ in 0..<6 {
            _ = pictured.render(size: size)
            await idle(store)
            _ = pictured.handle(.down)
        }
        _ = pictured.handle(.home)
        var down = true
        func step(_ scene: any TerminalScene) {
            _ = scene.handle(down ? .down : .up)
            down.toggle()
        }
        let anchor = bench.measure("pictures: car-news frame \(label), no pictures (anchor)", iterations: 200) {
            step(plain)
            _ = plain.render(size: size)
        }
        let scrolled = bench.measure("pictures: car-news frame \(label), pictures, scrolling", iterations: 200) {
            step(pictured)
            _ = pictured.render(size: size)
        }
        // Dragging the window's edge: every frame a width not drawn before, so each photo in view is scaled again.
        var width = size.width
        let resized = bench.measure("pictures: car-news frame \(label), pictures, new size each frame", iterations: 30) {
            width -= 1
            _ = pictured.render(size: Size(width: width, height: size.height))
        }
        bench.report("pictures: \(label) scrolling ÷ no pictures", value: String(format: "%.2f×", scrolled / anchor))
        bench.report("pictures: \(label) resizing ÷ no pictures", value: String(format: "%.2f×", resized / anchor))
        bench.report("pictures: \(label) decodes / scalings", value: "\(store.decodeCount) / \(store.scaleCount)")
    }

    /// Chats with three avatars: the list frame with and without pictures.
    @MainActor
    static func chats(_ bench: inout Benchmark) async {
        guard let host = try? TestHost(transport: transport) else { return }
        let chats = ["avatar-anna.png", "avatar-noah.jpg", "avatar-marco.png"].enumerated().map { index, file in
            Chat(
                identifier: index + 1, fullname: "Person \(index + 1)", avatarURL: "http://127.0.0.1:8080/pictures/\(file)",
                message: "Hello from the bench.", unreadMessagesCount: index, sendingDate: Date(timeIntervalSince1970: 1_773_600_000))
        }
        guard
            let presenter = try? ChatsFeature.makePresenter(
                context: host.context(id: "chats"), source: AnyDataSource { Loaded(chats) }, timing: .standard)
        else { return }
        let store = PictureStore(mode: .halfBlocks(.trueColor), images: host.images, activity: host.activity)
        let plain = ChatsTerminalScene(presenter: presenter)
        let pictured = ChatsTerminalScene(presenter: presenter, pictures: store)
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .seconds(3))
        let size = Size(width: 80, height: 23)
        _ = pictured.render(size: size)
        await idle(store)
        let anchor = bench.measure("pictures: chats frame 80×23, no pictures (anchor)", iterations: 200) { _ = plain.render(size: size) }
        let drawn = bench.measure("pictures: chats frame 80×23, three avatars", iterations: 200) { _ = pictured.render(size: size) }
        bench.report("pictures: chats avatars ÷ no pictures", value: String(format: "%.2f×", drawn / anchor))
        bench.report("pictures: chats decodes / scalings", value: "\(store.decodeCount) / \(store.scaleCount)")
    }

    @MainActor
    static func idle(_ store: PictureStore) async {
        for _ in 0..<10_000 where store.pendingDecodes > 0 { try? await Task.sleep(for: .milliseconds(1)) }
    }

    static let cars = ["red", "blue", "yellow", "green", "white", "black"]

    static let transport = ScriptedTransport { request in
        let name = request.url.lastPathComponent
        if name == "get_articles_list" {
            let content = cars.enumerated().map { index, car in
                #"{"id":\#(100 - index),"title":"A \#(car) car on the road","ingress":"","image":"http://127.0.0.1:8080/pictures/car-\#(car).jpg","dateTime":"1\#(index).05.2018 10:00","tags":[],"content":[]}"#
            }
            return HTTPResponse(status: 200, body: Data(#"{"status":"success","content":[\#(content.joined(separator: ","))]}"#.utf8))
        }
        return HTTPResponse(
            status: 200, headers: ["content-type": name.hasSuffix(".png") ? "image/png" : "image/jpeg"], body: SampleImage.fixture(name))
    }

    /// The car news scene on a test host whose loopback serves six photos, loaded, with a picture store in `mode`.
    @MainActor
    static func carNews(mode: PictureMode) async throws -> (any TerminalScene, PictureStore, TestHost) {
        let host = try TestHost(transport: transport)
        let url = URL(string: "http://127.0.0.1:8080/application/119267/article/get_articles_list") ?? URL(fileURLWithPath: "/")
        let feature = try CarNewsFeature(context: try host.context(id: "car-news", source: .http(url)))
        let store = PictureStore(mode: mode, images: host.images, activity: host.activity)
        let scene = feature.makeScene(surface: TerminalSurface(pictures: store))
        feature.handle(.appear)
        await host.settle()
        return (scene, store, host)
    }
}
