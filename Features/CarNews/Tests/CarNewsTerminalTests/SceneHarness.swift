import CarNewsFeature
import CarNewsTerminal
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI

/// The feature on a test host, shown the way the shell shows it: the scene is made, then the feature appears.
/// A trimmed copy of the presenter tests' harness (the two test targets cannot share sources).
@MainActor
final class SceneHarness {
    let host: TestHost

    /// - Parameter loopback: answers the article requests, to 127.0.0.1; the images, on the real server, fail at
    ///   once, as with no network (the frames show placeholders whatever the images do).
    init(loopback: ScriptedTransport = ScriptedTransport([])) throws {
        host = try TestHost(transport: LoopbackOnlyTransport(loopback: loopback, elsewhere: .unreachable(reason: "no network")))
    }

    /// - Parameter pictures: lent as the shell lends them; nil, the scene alone (placeholders).
    func scene(_ source: SourceConfiguration, pictures: (any TerminalPictures)? = nil) throws -> any TerminalScene {
        let feature = try CarNewsFeature(
            context: try host.context(
                id: "car-news", source: source, locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC") ?? .gmt
            ))
        let scene = pictures.map { feature.makeScene(surface: TerminalSurface(pictures: $0)) } ?? feature.makeScene()
        feature.handle(.appear)
        return scene
    }

    var storageDirectory: URL { host.directory.url.appendingPathComponent("features/car-news", isDirectory: true) }

    static let inMemory = SourceConfiguration(kind: .inMemory)
}

enum SceneFixtures {
    /// The real server's quirks: see the presenter tests' `Fixtures.quirkyReply`.
    static let quirkyReply = #"""
        {"status":"success","content":[{"id":119302,"title":"Q7 \u2013 Greatness starts, when you don't stop.","ingress":"The new Q7 is lighter. ","image":"https:\/\/www.apphusetreach.no\/sites\/default\/files\/audi_q7.jpg","dateTime":"25.05.2018 14:13","tags":[],"content":[{"type":"text","subject":"Lighter by 325 kg","description":"Aluminium brings the weight down. "}],"created":1527257580,"changed":1527257613},{"id":119301,"title":"A8 \u2013 night vision","ingress":"An infrared camera.","image":"https:\/\/www.apphusetreach.no\/sites\/default\/files\/audi_a8.jpg","dateTime":"16.03.2026 09:05","tags":[],"content":[],"created":1773651900,"changed":1773651900}],"serverTime":1658175403}
        """#

    /// One article published `minutes` after 2026-03-16 00:00 UTC, in the API's schema.
    static func reply(id: Int64, title: String, minutes: Int, image: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy HH:mm"
        let article: [String: Any] = [
            "id": id, "title": title, "ingress": "Ingress \(id).", "image": image,
            "dateTime": formatter.string(from: Date(timeIntervalSince1970: 1_773_619_200 + TimeInterval(minutes * 60))),
            "tags": [String](), "content": [["type": "text", "subject": "Subject \(id)", "description": "Description \(id)."]],
        ]
        let root: [String: Any] = ["status": "success", "content": [article]]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
