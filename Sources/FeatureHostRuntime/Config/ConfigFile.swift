import DataSources
import Foundation

/// Reading a config file within a bound. A config is a few kilobytes; one over `maximumBytes` is refused after
/// reading at most one byte more than the limit (a 50 MB file once took 6 GB of memory and 50 s to be refused
/// entry by entry). Only a regular file is read, without waiting: a FIFO with no writer made every command wait for
/// ever, and a device never ends (`RegularFile`).
enum ConfigFile {
    /// 1 MiB: hundreds of times the largest config in the docs.
    static let maximumBytes = 1 << 20

    static func read(_ file: URL) throws(ConfigErrors) -> Data {
        do {
            return try RegularFile.read(file, maximumBytes: maximumBytes)
        } catch .tooLarge(let size) {
            throw failure(file, sizeProblem(max(size, maximumBytes + 1), fileSize: size) ?? "the config file is too large.")
        } catch {
            throw failure(file, error.sentence(for: "the config file"))
        }
    }

    /// Why `count` bytes are too many for a config, or nil.
    static func sizeProblem(_ count: Int, fileSize: Int? = nil) -> String? {
        guard count > maximumBytes else { return nil }
        let size =
            fileSize.map { $0 > maximumBytes ? "\($0) bytes" : "more than \(maximumBytes) bytes" } ?? "more than \(maximumBytes) bytes"
        return "the config file is \(size); a config may be at most \(maximumBytes) bytes (1 MiB). Is this the right file?"
    }

    /// Nothing but white space (and a byte order mark).
    static func isBlank(_ data: Data) -> Bool {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private static func failure(_ file: URL, _ message: String) -> ConfigErrors {
        ConfigErrors([ConfigIssue(file: file.path, path: "", message: message)])
    }
}
