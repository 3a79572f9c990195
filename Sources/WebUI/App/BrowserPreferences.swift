import FeatureHostCore
import Foundation

/// What the browser says about its user: the language from `Accept-Language`, and the clock from the client's
/// hello (remembered in cookies, so the next page load is built right from the start). The launcher decides
/// what wins: the config and the command line fix values; the browser fills in the rest.
public struct BrowserPreferences: Sendable, Equatable {
    public static let hourCycleCookie = "featurehost-hour-cycle"
    public static let timeZoneCookie = "featurehost-time-zone"

    /// A Foundation locale identifier: `de_DE`.
    public var localeIdentifier: String?
    public var hourCycle: HourCycle?
    public var timeZone: TimeZone?

    public init(localeIdentifier: String? = nil, hourCycle: HourCycle? = nil, timeZone: TimeZone? = nil) {
        self.localeIdentifier = localeIdentifier
        self.hourCycle = hourCycle
        self.timeZone = timeZone
    }

    /// From a request's headers: `Accept-Language` and the two cookies, read only under the host's own tagged names
    /// (`AccessGuard.ownCookie`): another local server can set cookies for the run's name, not under the run's tag.
    public init(request: HTTPServerRequest, access: AccessGuard) {
        self.init(
            localeIdentifier: AcceptLanguage.preferredIdentifier(request.headers["Accept-Language"]),
            hourCycle: access.ownCookie(Self.hourCycleCookie, in: request).flatMap(Self.hourCycle(fromIntl:)),
            timeZone: access.ownCookie(Self.timeZoneCookie, in: request).flatMap(Self.timeZone(named:)))
    }

    /// `Intl`'s hour cycle: `h11`/`h12` → 12-hour, `h23`/`h24` → 24-hour; anything else → nil.
    public static func hourCycle(fromIntl value: String) -> HourCycle? {
        switch value {
        case "h11", "h12": .twelveHour
        case "h23", "h24": .twentyFourHour
        default: nil
        }
    }

    public static func intlName(_ cycle: HourCycle) -> String { cycle == .twelveHour ? "h12" : "h23" }

    /// An IANA zone name the system knows; a bounded length, so a hostile cookie costs nothing.
    public static func timeZone(named name: String) -> TimeZone? {
        guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) }) else {
            return nil
        }
        return TimeZone(identifier: name)
    }

    /// This preference with the hello's clock added.
    public func with(_ hello: ClientHello) -> BrowserPreferences {
        var copy = self
        if let cycle = hello.hourCycle.flatMap(Self.hourCycle(fromIntl:)) { copy.hourCycle = cycle }
        if let zone = hello.timeZone.flatMap(Self.timeZone(named:)) { copy.timeZone = zone }
        return copy
    }
}
