import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import InvitationsWeb
import WebUI

/// The invitations page on the server side. The spec's data is one invitation: a page, a three-field form,
/// an alert and two celebrations. It has no rows, so "10,000 rows" becomes its largest input: every field at
/// its 254-character cap and a 10,000-character 400 message from the server (the one text without a cap),
/// shown whole and wrapped. Then the bytes one interaction sends down the page's stream, through `WebApp`.
enum InvitationsWebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let host = try? TestHost() else { return print("invitations-web: cannot make a test host") }
        let launcher = BenchPageLauncher(InvitationsFeature.manifest.id, assets: InvitationsFeature.webAssets) {
            makeFeature(host).map { feature in
                PageFeature(title: "Invitations", scene: feature.makeWebScene(), lifecycle: { feature.handle($0) }, close: {})
            }
        }
        guard let feature = makeFeature(host) else { return print("invitations-web: the feature did not start") }
        let scene = feature.makeWebScene()
        bench.measure("invitations-web: render the first page", iterations: 2_000) { _ = scene.render().render() }
        _ = scene.handle(.click("activate"))
        _ = scene.handle(.submit("send", ["fullName": "", "email": "", "confirmEmail": ""]))
        bench.measure("invitations-web: render the form with three messages", iterations: 2_000) { _ = scene.render().render() }
        _ = scene.handle(.submit("send", ["fullName": "Jane Doe", "email": "jane@example.com", "confirmEmail": "jane@example.com"]))
        await host.settle()
        bench.measure("invitations-web: render the congratulations (48 confetti pieces)", iterations: 2_000) {
            _ = scene.render().render()
        }

        await largestInput(&bench)
        await bytesPerInteraction(&bench, host: host, launcher: launcher)
    }

    /// Fields at their cap and a 10,000-character server message, from a loopback backend.
    @MainActor
    private static func largestInput(_ bench: inout Benchmark) async {
        // A fresh host: the first one's store now holds a registration, and its page would be the registered one.
        guard let host = try? TestHost() else { return print("invitations-web: cannot make a test host") }
        let message = String(repeating: "This email address is already in use. ", count: 264).prefix(10_000)
        guard
            let server = try? LoopbackHTTPServer(handler: { _ in .json(#"{"errorMessage":"\#(message)"}"#, status: 400) }),
            let feature = try? InvitationsFeature(
                context: host.context(id: "invitations", source: SourceConfiguration(kind: .http, url: server.url("fakeAuth"), timeout: 10))
            )
        else { return print("invitations-web: cannot start the loopback backend") }
        let scene = feature.makeWebScene()
        let long = String(repeating: "a", count: 240) + "@example.com"
        _ = scene.handle(.click("activate"))
        _ = scene.handle(.submit("send", ["fullName": String(repeating: "N", count: 254), "email": long, "confirmEmail": long]))
        await host.settle()
        let html = scene.render().render()
        guard html.contains(String(message.suffix(40))) else { return print("invitations-web: the long message is not on the page") }
        let bytes = html.utf8.count
        bench.measure("invitations-web: render the form, fields at 254 chars + a 10,000-char 400 message", iterations: 500) {
            _ = scene.render().render()
        }
        bench.report("invitations-web: that page's HTML", value: "\(bytes) B")
    }

    /// One page, its stream and its hello; then what each interaction sends down the stream.
    @MainActor
    private static func bytesPerInteraction(_ bench: inout Benchmark, host: TestHost, launcher: BenchPageLauncher) async {
        try? host.store.set(nil, forKey: "registration")
        let app = WebApp(
            configuration: WebApp.Configuration(access: WebBenchmarks.access),
            launcher: launcher, now: { host.clock.now.offset })
        defer { app.closeAll() }
        let sink = BenchStreamSink()
        app.handle(WebBenchmarks.request("GET", "/f/invitations"), sink)
        guard let id = sink.sessionID else { return print("invitations-web: the page did not open a session") }
        app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
        await post(app, id, #"{"kind":"hello","hourCycle":"h23","visible":true}"#, host: host)

        func measure(_ name: String, _ events: [String]) async {
            let before = sink.streamBytes
            for event in events { await post(app, id, event, host: host) }
            bench.report("invitations-web: bytes sent for \(name)", value: "\(sink.streamBytes - before) B")
        }
        await measure("opening the form", [#"{"kind":"click","action":"activate"}"#])
        await measure("one keystroke (input event)", [#"{"kind":"input","action":"fullName","value":"J"}"#])
        await measure("Send with a field missing (the messages)", [#"{"kind":"submit","action":"send","fields":{}}"#])
        await measure("one keystroke while messages show", [#"{"kind":"input","action":"fullName","value":"Jan"}"#])
        await measure("leaving the field (change commits it)", [#"{"kind":"change","action":"fullName","value":"Jan"}"#])
        await measure(
            "Send → sending → congratulations",
            [
                #"{"kind":"submit","action":"send","fields":{"fullName":"Jane Doe","email":"jane@example.com","confirmEmail":"jane@example.com"}}"#
            ])
        let before = sink.streamBytes
        for _ in 0..<70 {
            await host.clock.advance(by: .milliseconds(50))
            for _ in 0..<4 { await Task.yield() }
        }
        bench.report(
            "invitations-web: bytes sent during the 3 s confetti burst", value: "\(sink.streamBytes - before) B (the page animates it)")
        await measure("OK → registered page", [#"{"kind":"key","action":"","key":"Enter"}"#])
    }

    /// The feature on the bench's test host, with the in-memory backend.
    @MainActor
    static func makeFeature(_ host: TestHost) -> InvitationsFeature? {
        try? InvitationsFeature(context: host.context(id: InvitationsFeature.manifest.id, source: SourceConfiguration(kind: .inMemory)))
    }

    @MainActor
    private static func post(_ app: WebApp, _ id: String, _ body: String, host: TestHost) async {
        app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: body), BenchStreamSink())
        await host.settle()
        for _ in 0..<4 { await Task.yield() }
    }
}
