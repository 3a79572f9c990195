import Foundation

/// Inputs the fuzzers found that crashed, hung or blew up (docs/reliability.md), kept byte for byte as the
/// regression tests' inputs. Each names its target and what went wrong before the fix.
public enum FuzzFindings {
    /// `FuzzConfig`: a binary plist holding a set object. Foundation on Linux trapped bridging the set
    /// (`NSSet` to `Set<AnyHashable>`), so a config file, or a chats payload, could crash the host.
    public static let binaryPlistWithASet = bytes(
        "YnBsaXN0MDDTAQIDBBobWGZlYXR1cmVzWWhvdXJDeWNsZVZsb2NhbGWhBQ4W0gYHCAlSaWRYc2V0dGluZ3NfEA9vZmZlci1jb3VudGRvd27S"
            + "CgsMDVhkdXJhdGlvblxyb2xsRHVyYXRpb26hDhAjP9ZmZmZmZmbSBg8QEVZzb3VrY2VVY2hhdHPCEhMUFVRraW5kVHBhdGhdcGxpc3RbY2hh"
            + "dHMucGxpc3TSFwYYGVdlbmFibGVkCVtpbj9pdGF0aW9uc1I0OFVlbl9VUwgPGCIpLTI1PlBVXmtud3yDiY6TmJ6qr7e4xMcAAAAAAAABAQAA"
            + "AAAAAAAcAAAAAAAAAAAAAAAAAAAAzQ==")

    private static func bytes(_ base64: String) -> Data { Data(base64Encoded: base64) ?? Data() }
}
