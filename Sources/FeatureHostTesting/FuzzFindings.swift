import Foundation

/// Inputs the fuzzers found that crashed, hung or blew up (docs/reliability.md), kept byte for byte as the
/// regression tests' inputs. Each names its target and what went wrong before the fix.
package enum FuzzFindings {
    /// `FuzzConfig`: a binary plist holding a set object. Foundation on Linux trapped bridging the set
    /// (`NSSet` to `Set<AnyHashable>`), so a config file, or a chats payload, could crash the host.
    package static let binaryPlistWithASet = bytes(
        "YnBsaXN0MDDTAQIDBBobWGZlYXR1cmVzWWhvdXJDeWNsZVZsb2NhbGWhBQ4W0gYHCAlSaWRYc2V0dGluZ3NfEA9vZmZlci1jb3VudGRvd27S"
            + "CgsMDVhkdXJhdGlvblxyb2xsRHVyYXRpb26hDhAjP9ZmZmZmZmbSBg8QEVZzb3VrY2VVY2hhdHPCEhMUFVRraW5kVHBhdGhdcGxpc3RbY2hh"
            + "dHMucGxpc3TSFwYYGVdlbmFibGVkCVtpbj9pdGF0aW9uc1I0OFVlbl9VUwgPGCIpLTI1PlBVXmtud3yDiY6TmJ6qr7e4xMcAAAAAAAABAQAA"
            + "AAAAAAAcAAAAAAAAAAAAAAAAAAAAzQ==")

    /// `FuzzChats`: an XML plist with bytes that are not UTF-8 inside an `<integer>`. Foundation's plist decoder
    /// hit a fatal error decoding them (`CodableUtilities.swift:685`), so a chats plist could crash the host.
    package static let xmlPlistWithInvalidUTF8 = bytes(
        "PD94bWwgOCI/Pgo8IURPQ1RZUEUwIj4KPGFycmF5PgoJPGRpY3Q+CgkJPGtleT5pZGVudGlmaWVyPC9rZXk+CgkJPGludGVnZXI+////////////"
            + "/////////////////////////////////////////////////////////////////////////////////////zE8L2ludGVnZXI+CgkJPGtleT5m"
            + "dWw8L2tleT4KCQk8ZGF0ZT4AAAA6MDE6MDBaPC9kYXRlPgoJPC9kaWN0PjwvYXJyYXk+Cjxpc3QK")

    private static func bytes(_ base64: String) -> Data { Data(base64Encoded: base64) ?? Data() }
}
