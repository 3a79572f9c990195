import Foundation

/// Moves a damaged database (and its WAL companions) aside, never deleting it: it may be the only copy of
/// something worth recovering. Named `<name>.corrupt-<UTC time>`, shared by the payload cache and features' own databases.
public enum DamagedFile {
    public static func moveAside(_ file: URL, at date: Date) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let manager = FileManager.default
        let base = file.path + ".corrupt-" + formatter.string(from: date)
        var aside = base
        var attempt = 1
        // Two recoveries within one second must not overwrite the first copy.
        while manager.fileExists(atPath: aside) {
            attempt += 1
            aside = "\(base)-\(attempt)"
        }
        try manager.moveItem(atPath: file.path, toPath: aside)
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
            try manager.moveItem(atPath: file.path + suffix, toPath: aside + suffix)
        }
        return URL(fileURLWithPath: aside)
    }
}
