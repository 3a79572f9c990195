import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// An app that embeds the host is itself on the web: its name heads the home page and ends every page's title.
@MainActor
struct WebAppNameTests {
    let launcher = FakeLauncher()
    let now = ManualNow()

    private func page(_ target: String, _ app: WebApp) throws -> String {
        let sink = RecordingSink()
        app.handle(try #require(makeRequest("GET", target)), sink)
        return try #require(sink.last).text
    }

    @Test func everyPageSaysTheAppsName() throws {
        let app = makeApp(launcher: launcher, now: now, appName: "MyApp")
        let home = try page("/", app)
        #expect(home.contains("<title>MyApp</title>"))
        #expect(home.contains("<h1>MyApp</h1>"))
        #expect(try page("/f/counter", app).contains("<title>Counter · MyApp</title>"))
        #expect(try page("/f/broken", app).contains("<title>Broken · MyApp</title>"))
        #expect(try page("/nowhere", app).contains("<title>Not found · MyApp</title>"))
        for target in ["/", "/f/counter", "/f/broken", "/nowhere"] {
            #expect(try !page(target, app).contains("FeatureHost"), "\(target)")
        }
    }

    @Test func featureHostsOwnPagesSayFeatureHost() throws {
        let app = makeApp(launcher: launcher, now: now)
        #expect(try page("/", app).contains("<title>FeatureHost</title>"))
        #expect(try page("/f/counter", app).contains("<title>Counter · FeatureHost</title>"))
    }

    @Test func theRunsHostNameStartsWithTheAppsCommand() {
        let name = AccessGuard.makeHostName(label: "myapp")
        #expect(name.hasPrefix("myapp-") && name.hasSuffix(".localhost"))
        #expect(name.count == "myapp-".count + 16 + ".localhost".count)
    }
}
