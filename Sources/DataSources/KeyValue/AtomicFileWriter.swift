import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's bytes so that whoever opens it next (another process now, or the next start after a kill or a
/// power loss) finds the old bytes or the new ones, never a mix, a truncated file or an empty one.
///
/// The bytes go to a temporary file in the same folder (a rename is only atomic within one file system), which is
/// fsynced, renamed over the file, and the folder fsynced so the rename itself survives a power loss. Callers that
/// can race each other hold a lock around it: the temporary name is fixed, so a kill leaves at most one stray.
///
/// `syncing: false` leaves out both fsyncs: the replacement is still whole or absent after a kill of the process
/// (the page cache outlives it), and the caller makes it durable later (`DeferredFileSync`).
enum AtomicFileWriter {
    static func replace(_ file: URL, with data: Data, permissions: mode_t = 0o600, syncing: Bool = true) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".saving")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        do {
            try writeAll(data, to: descriptor, temporary)
            guard !syncing || fsync(descriptor) == 0 else { throw failure("flush", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        close(descriptor)
        guard rename(temporary.path, file.path) == 0 else {
            let error = failure("rename into place", file)
            unlink(temporary.path)
            throw error
        }
        if syncing { syncFolder(of: file) }
    }

    static func writeAll(_ data: Data, to descriptor: Int32, _ file: URL) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw failure("write", file) }
                offset += written
            }
        }
    }

    /// Makes the rename durable. A folder that cannot be opened for reading only costs durability on power loss,
    /// not atomicity, so it is not an error.
    static func syncFolder(of file: URL) {
        let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }

    private static func failure(_ step: String, _ file: URL) -> FeatureError {
        FeatureError("Cannot \(step) \(file.path): \(String(cString: strerror(errno))).")
    }
}
