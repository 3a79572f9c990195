import DataSources
import Foundation
import FuzzSupport

/// The host classifier every URL named by data goes through (`HostAddress`, `HTTPDestination`): any text gives an
/// address, a name or `invalid`, never a trap; an address reads back as itself from its own text; and a URL whose
/// host is an address that is not public is refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHostAddress(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let text = String(decoding: input.bytes, as: UTF8.self)
    let address = HostAddress(host: text)
    let scope = address.scope
    switch address {
    case .ipv4(let bytes):
        fuzzInvariant(bytes.count == 4, "an IPv4 address of \(bytes.count) bytes")
        fuzzInvariant(HostAddress(host: address.text) == address, "\(address.text) does not read back as itself")
    case .ipv6(let bytes):
        fuzzInvariant(bytes.count == 16, "an IPv6 address of \(bytes.count) bytes")
        fuzzInvariant(HostAddress(host: address.text) == address, "\(address.text) does not read back as itself")
    case .name(let name):
        fuzzInvariant(name == name.lowercased(), "a name that is not lowercased: \(name)")
        fuzzInvariant(scope == .loopback || scope == .unresolved, "a name with the scope \(scope)")
    case .invalid:
        fuzzInvariant(scope == .invalid, "an invalid host with the scope \(scope)")
    }
    if let url = URL(string: "http://\(text)/a.png"), let host = url.host {
        let refusal = HTTPDestination.refusal(of: url, trusting: nil)
        let parsed = HostAddress(host: host).scope
        fuzzInvariant((refusal == nil) == (parsed == .public || parsed == .unresolved), "\(host) (\(parsed)) refused: \(refusal ?? "no")")
    }
    return 0
}
