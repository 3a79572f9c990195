import CarNewsFeature
import ChatsFeature
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

extension VirtualTimeBenchmarks {
    /// Chats from a loopback web service on the manual clock: the loading screen's 0.1 s frames run while the
    /// request is in flight (each wake-up then lets the main actor settle), then the hand-over to the list.
    /// Reported: the wall time from `.appear` to the list, the frames, and how many wake-ups settled.
    @MainActor
    static func chatsLoadingTimeline(_ bench: inout Benchmark) async {
        let chats = ChatsBenchmarks.makeChats(1_000)
        guard let body = try? ChatsDecoding.encodeJSON(chats), let server = try? LoopbackHTTPServer() else { return }
        server.respond { request in
            request.path == "/chats" ? .data(body, contentType: "application/json") : LoopbackHTTPServer.Reply(status: 404)
        }
        var samples: [(wall: Double, frames: Int, settles: Int)] = []
        for _ in 0..<5 {
            guard let host = try? TestHost(transport: LoopbackOnly()),
                let context = try? host.context(
                    id: "chats", source: .http(server.url("chats"), timeout: 5),
                    settings: [
                        "launchDuration": .number(0.5), "frameDuration": .number(0.1), "loadingDuration": .number(2),
                        "transitionDuration": .number(0.3),
                    ]),
                let feature = try? ChatsFeature(context: context)
            else { return }
            let presenter = feature.presenter
            let frames = presenter.changeCount
            let start = DispatchTime.now().uptimeNanoseconds
            presenter.send(.lifecycle(.appear))
            await host.advance(by: .milliseconds(500))  // the launch screen
            await host.advance(by: .seconds(2))  // the loading screen, and the request
            await host.advance(by: .milliseconds(300))  // the hand-over
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            guard presenter.viewState.screen == .list, presenter.viewState.list.rows?.count == chats.count else {
                bench.report("virtual-time: chats loading timeline", value: "failed: not on the list of \(chats.count) chats")
                return
            }
            samples.append((wall, presenter.changeCount - frames, host.clock.settleCount))
        }
        let median = samples.sorted { $0.wall < $1.wall }[samples.count / 2]
        bench.report(
            "virtual-time: chats appear → list from loopback, 2.8 s",
            value: String(format: "%.1f ms wall, %d frames, %d settles, median of 5", median.wall, median.frames, median.settles))
    }

    /// Car news refreshed from a loopback server on the manual clock, five minutes of virtual time after the
    /// first load: request, decode and save of 1,000 articles, and the list shown again.
    @MainActor
    static func carNewsRefresh(_ bench: inout Benchmark) async {
        let body = CarNewsBenchmarks.reply(count: 1_000)
        guard let server = try? LoopbackHTTPServer(), let host = try? TestHost(transport: LoopbackOnly()),
            let feature = try? CarNewsFeature(context: host.context(id: "car-news", source: .http(server.url("articles"), timeout: 5)))
        else { return }
        server.respond { request in
            request.path == "/articles" ? .data(body, contentType: "application/json") : LoopbackHTTPServer.Reply(status: 404)
        }
        let presenter = feature.presenter
        presenter.send(.lifecycle(.appear))
        await host.settle()
        var failed = false
        await bench.measureAsync("virtual-time: car-news refresh of 1,000 from loopback", iterations: 9) {
            await host.clock.advance(by: .seconds(5 * 60))
            presenter.send(.refresh)
            await host.settle()
            failed = failed || presenter.viewState.rows.count != 1_000 || presenter.viewState.banner != nil
        }
        if failed { bench.report("virtual-time: car-news refresh", value: "failed: the list did not come back whole") }
    }
}

/// Loopback only: the chats' avatars and the articles' images on the real servers fail at once, so no
/// benchmark waits on the internet.
private struct LoopbackOnly: HTTPTransport {
    private let loopback = LiveHTTPTransport()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.host == "127.0.0.1" else {
            throw HTTPError.cannotConnect(request.url, reason: "the benchmark reaches 127.0.0.1 only")
        }
        return try await loopback.send(request)
    }
}
