import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

/// The host's image cache, as the list pages use it: a miss (fetched through the transport, sniffed, written
/// to disk), a hit (the reference from the cache's index), and reading a cached image's bytes, which is what
/// `serve` does for each `/images/<key>`. The transport answers at once with a 48 KiB body that starts
/// like a PNG, so the figures are the cache's own cost, not a network's.
enum ImageCacheBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let directory = try? TemporaryDirectory("featurehost-bench-images") else { return print("images: no temporary directory") }
        let body = SampleImage.png + Data(repeating: 0x5A, count: 48 * 1024 - SampleImage.png.count)
        let transport = ScriptedTransport { _ in HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: body) }
        let cache = ImageCache(directory: directory.url.appendingPathComponent("images"), transport: transport)
        var next = 0
        await bench.measureAsync("images: cache miss (fetch, sniff, write 48 KiB)", iterations: 200) {
            next += 1
            _ = try? await cache.image(at: url(next))
        }
        guard let reference = try? await cache.image(at: url(1)) else { return print("images: the first image did not load") }
        await bench.measureAsync("images: cache hit (reference by URL)", iterations: 2_000) {
            _ = try? await cache.image(at: url(1))
        }
        bench.measure("images: cached bytes by key (what /images/<key> serves)", iterations: 2_000) {
            _ = cache.cachedImage(forKey: reference.key)
        }
    }

    static func url(_ number: Int) -> URL {
        URL(string: "https://images.example/car-\(number).png") ?? URL(fileURLWithPath: "/")
    }
}
