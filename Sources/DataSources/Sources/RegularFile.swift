import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file the host did not make (a config, a payload, the saved preferences) only when it is a regular file,
/// never waiting: `open(2)` of a FIFO without a writer blocks for ever (every command hung on a config that was
/// one), and a device or a socket never ends. It is opened with `O_NONBLOCK`, checked with `fstat`, then read
/// up to a bound.
public enum RegularFile {
    public enum ReadError: Error, Sendable, Equatable {
        case missing
        /// Not a regular file: what it is, in words ("a FIFO (named pipe)").
        case notRegular(String)
        /// More than the bound: the file's size.
        case tooLarge(size: Int)
        /// Its mode or owner keep this user out (EACCES, EPERM).
        case permissionDenied
        case unreadable
    }

    /// The whole file, when it is a regular file of at most `maximumBytes` bytes.
    public static func read(_ file: URL, maximumBytes: Int) throws(ReadError) -> Data {
        try read(file, maximumBytes: maximumBytes, followingLinks: true)
    }

    /// The same, not through a symbolic link when `followingLinks` is false: for a file in the data directory, where
    /// a link may point out of it and is not the host's.
    public static func read(_ file: URL, maximumBytes: Int, followingLinks: Bool) throws(ReadError) -> Data {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .missing
            case ELOOP: throw .notRegular("a symbolic link")
            case EACCES, EPERM: throw .permissionDenied
            default: throw .unreadable
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable }
        if let kind = kind(of: status.st_mode) { throw .notRegular(kind) }
        let size = Int(clamping: status.st_size)
        guard size <= maximumBytes else { throw .tooLarge(size: size) }
        // The size may change while it is read: read to the end, one byte past the bound at most.
        var data = Data()
        data.reserveCapacity(size)
        let bound = maximumBytes < Int.max ? maximumBytes + 1 : maximumBytes
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count < bound {
            let wanted = min(buffer.count, bound - data.count)
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        guard data.count <= maximumBytes else { throw .tooLarge(size: data.count) }
        return data
    }

    /// What a file that is not regular is, or nil for a regular one.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }
}

extension RegularFile.ReadError {
    /// `<what>` is what the file is for: "the config file".
    public func sentence(for what: String) -> String {
        switch self {
        case .missing: "\(what) does not exist."
        case .notRegular(let kind): "\(what) is \(kind), not a regular file."
        case .tooLarge(let size): "\(what) is \(size) bytes, too large."
        case .permissionDenied: "\(what) cannot be read: permission denied (see its owner and mode with ls -l)."
        case .unreadable: "\(what) cannot be read."
        }
    }
}

/// `read(2)`, under a name `RegularFile.read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
