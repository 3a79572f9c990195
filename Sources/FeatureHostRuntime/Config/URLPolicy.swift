import Foundation

/// The rule App Transport Security applies: `https` everywhere, plain `http` only to loopback hosts.
public enum URLPolicy {
    public static func isLoopback(host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part) != nil }
    }

    /// `nil` when allowed, else why not.
    public static func violation(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return "is not an absolute URL with a host"
        }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host: host): return nil
        case "http": return "must use https (plain http is allowed only for loopback hosts: 127.0.0.0/8, ::1, localhost)"
        default: return "has the scheme \"\(scheme)\"; allowed: https, or http for loopback hosts"
        }
    }
}
