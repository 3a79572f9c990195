import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// Every file and folder the host makes is under `--data-dir`: FoundationNetworking's URL cache and cookie
/// folders included, with HOME and the XDG variables pointing at an empty folder of the test's own.
@Suite struct FilesStayInDataDirectoryTests {
    @Test func snapshotOfCarNewsWritesOnlyUnderTheDataDirectory() async throws {
        let directory = try TemporaryDirectory()
        let home = directory.file("home")
        let data = directory.file("chosen-data")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let server = try LoopbackHTTPServer()
        let sample = try String(
            contentsOf: SnapshotTests.resource("CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"), encoding: .utf8
        )
        .replacingOccurrences(
            of: #"https:\/\/www.apphusetreach.no\/"#,
            with: (server.baseURL.absoluteString + "/").replacingOccurrences(of: "/", with: #"\/"#))
        server.respond { request in
            request.path == "/articles"
                ? .data(Data(sample.utf8), contentType: "application/json") : .data(SampleImage.png, contentType: "image/png")
        }
        try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"\#(server.url("articles").absoluteString)","timeout":5}}]}"#,
            to: "featurehost.json")
        let process = FeaturehostProcess(
            in: directory.url,
            extraEnvironment: [
                "NO_COLOR": "1", "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
                "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
                "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "FEATUREHOST_DATA_DIR": "",
            ])
        let result = try await process.run("snapshot", "car-news", "--save", "--data-dir", data.path, "--locale", "en_US")
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(server.requests.contains { $0.path == "/articles" })
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("features/car-news").path))
        let outside = try everything(in: directory.url).filter { !$0.hasPrefix("chosen-data") && $0 != "featurehost.json" && $0 != "home" }
        #expect(outside.isEmpty, "written outside --data-dir: \(outside)")
    }

    /// Every path under `root`, relative to it, folders too.
    func everything(in root: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted()
    }
}
