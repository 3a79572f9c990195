/// The colour a loaded avatar stands in with where pictures cannot be drawn. Picked from the name, so a
/// person keeps their colour across runs; never the placeholder grey. A name, not a colour value: each
/// surface has its own palette.
public enum AvatarColor: String, Sendable, Equatable, CaseIterable {
    case coral, amber, olive, teal, sky, indigo, violet, rose

    static func forName(_ name: String) -> AvatarColor {
        // FNV-1a: stable across runs, unlike `hashValue`.
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return allCases[Int(hash % UInt32(allCases.count))]
    }
}
