import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Cookies the host did not set are ignored (issue 35.2; audit T-P5): another local server that gets the browser to
/// `http://<run's name>:<its port>/` can set cookies for the run's name (cookies ignore the port). The host's own
/// carry the run's random tag in their names, so a planted `featurehost-token` is a cookie beside ours, never ours
/// replaced, and planted clock cookies are not read.
@MainActor
struct WebAppCookieTests {
    private let tokenCookie = "featurehost-token-\(testCookieTag)=\(testToken)"

    private func status(_ cookie: String?, app: WebApp, target: String = "/") throws -> Int {
        let sink = RecordingSink()
        app.handle(try #require(makeRequest("GET", target, cookie: cookie)), sink)
        return try #require(sink.last).status.code
    }

    @Test func theTokenCookieCarriesTheRunsTag() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let sink = RecordingSink()
        app.handle(try #require(makeRequest("GET", "/?token=\(testToken)", cookie: nil)), sink)
        #expect(sink.last?.header("Set-Cookie") == "\(tokenCookie); Path=/; HttpOnly; SameSite=Strict")
        #expect(try status(tokenCookie, app: app) == 200)
    }

    /// What the browser sends after the audit's plant: the planted cookie (no tag) and ours, in either order, or
    /// several of ours (one per path); any valid one lets the user in, with no visit to the printed address.
    @Test func aPlantedTokenCookieNeverLocksTheUserOut() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        for cookies in [
            "featurehost-token=planted; \(tokenCookie)", "\(tokenCookie); featurehost-token=planted",
            "featurehost-token-\(testCookieTag)=planted; \(tokenCookie)", "featurehost-token-ffffffffffffffff=planted; \(tokenCookie)",
        ] {
            #expect(try status(cookies, app: app) == 200, "\(cookies)")
        }
        for cookies in ["featurehost-token=planted", "featurehost-token-\(testCookieTag)=planted", "featurehost-token-x=\(testToken)"] {
            #expect(try status(cookies, app: app) == 403, "\(cookies)")
        }
        // A client other than a browser may send the token under the plain name: the value is the proof.
        #expect(try status("featurehost-token=\(testToken)", app: app) == 200)
    }

    @Test func plantedClockCookiesAreNotRead() throws {
        let launcher = FakeLauncher()
        let app = makeApp(launcher: launcher, now: ManualNow())
        let planted =
            "\(tokenCookie); featurehost-hour-cycle=h12; featurehost-time-zone=Pacific/Kiritimati; "
            + "featurehost-hour-cycle-ffffffffffffffff=h12; featurehost-time-zone-ffffffffffffffff=Pacific/Kiritimati"
        #expect(try status(planted, app: app, target: "/f/counter") == 200)
        #expect(launcher.launches.last?.preferences.hourCycle == .twentyFourHour, "the launcher's default, not the planted h12")
        #expect(launcher.launches.last?.preferences.timeZone.identifier != "Pacific/Kiritimati")

        let ours = "\(tokenCookie); featurehost-hour-cycle-\(testCookieTag)=h12; featurehost-time-zone-\(testCookieTag)=Europe/Berlin"
        #expect(try status(ours, app: app, target: "/f/counter") == 200)
        #expect(launcher.launches.last?.preferences.hourCycle == .twelveHour)
        #expect(launcher.launches.last?.preferences.timeZone.identifier == "Europe/Berlin")
    }

    @Test func eachRunHasATagOfItsOwn() {
        let tags = (0..<100).map { _ in AccessGuard(token: testToken, hostName: testHostName, port: testPort).cookieTag }
        #expect(Set(tags).count == 100)
        #expect(tags.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
    }
}
