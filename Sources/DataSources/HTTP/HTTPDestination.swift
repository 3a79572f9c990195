import FeatureHostCore
import Foundation

/// Where a request may go. Only the config and the command line are the user: a URL that came from a feed, a chat
/// list or a redirect reaches public hosts, or the one origin the request trusts (`HTTPRequest.trustedOrigin`: the
/// configured source's own), never this machine, a private or link-local network, or anything reserved. Otherwise a
/// feed could make the host read another local server, a router's page or a cloud metadata service for it.
///
/// The URL's literal host is checked before a request starts and at each redirect; the live transport checks each
/// address a name resolves to again just before it connects, so a name that resolves to 127.0.0.1 is refused too.
public enum HTTPDestination {
    /// nil when `url` may be fetched by a request that trusts `trusted`, else why not, as a clause
    /// ("127.0.0.1 is this machine").
    public static func refusal(of url: URL, trusting trusted: HTTPOrigin?) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "\(url.scheme.map { "\"\($0)\"" } ?? "a URL without a scheme") is not http or https"
        }
        guard let host = url.host, !host.isEmpty else { return "the address has no host" }
        if let trusted, HTTPOrigin(url) == trusted { return nil }
        return refusal(of: HostAddress(host: host), named: host)
    }

    /// nil when a connection to `address` is allowed for a hop to `url` trusting `trusted`.
    static func refusal(connectingTo address: HostAddress, for url: URL, trusting trusted: HTTPOrigin?) -> String? {
        if let trusted, HTTPOrigin(url) == trusted {
            // The trusted origin may be anywhere; but when it is an address, the connection goes exactly there, should
            // curl ever read a URL's host differently from Foundation.
            switch HostAddress(host: trusted.host) {
            case .ipv4, .ipv6:
                return HostAddress(host: trusted.host) == address ? nil : "\(trusted.host) is not \(address.text)"
            default:
                return nil
            }
        }
        guard let what = what(address.scope) else { return nil }
        let host = url.host.map { HostAddress(host: $0) }
        if let host, case .name(let name) = host { return "\(name) resolves to \(address.text), which is \(what)" }
        return "\(address.text) is \(what)"
    }

    private static func refusal(of address: HostAddress, named host: String) -> String? {
        guard let what = what(address.scope) else { return nil }
        return address == .invalid ? "\"\(host.prefix(100))\" is \(what)" : "\(address.text) is \(what)"
    }

    /// What an address that is not public is, for messages; nil for public addresses and names not yet resolved.
    private static func what(_ scope: HostAddress.Scope) -> String? {
        switch scope {
        case .public, .unresolved: return nil
        case .loopback, .unspecified: return "this machine"
        case .privateNetwork: return "a private network address"
        case .linkLocal: return "a link-local address"
        case .multicast: return "a multicast address"
        case .reserved: return "a reserved address"
        case .invalid: return "not a valid host"
        }
    }

    /// What follows a refusal in a message: the rule, for the person reading it.
    public static let rule =
        "addresses named by a feed, a reply or a redirect reach only public hosts and the configured source's own server"
}
