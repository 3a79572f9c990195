import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error a person can act on: what went wrong, where, and what to do. The message is cut to
/// `TextLimit.message`: it often quotes what a server or a file sent, and a panel is no place for megabytes.
public struct FeatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = TextLimit.message.apply(message) }

    public var description: String { message }
}

extension Error {
    /// The text to show a person: the message of a `FeatureError`, a file error from Foundation in words (the
    /// reason, then the path), a `CustomStringConvertible` error's description, or the system's localized
    /// description; at most `TextLimit.message`.
    public var userFacingMessage: String {
        if let error = self as? FeatureError { return error.message }
        if let error = self as? CocoaError { return TextLimit.message.apply(error.readableMessage) }
        if let error = (self as Any) as? any CustomStringConvertible { return TextLimit.message.apply(error.description) }
        return TextLimit.message.apply(String(describing: self))
    }
}

extension CocoaError {
    /// `Not a directory (/data/preferences)`: on Linux a Foundation file error describes itself as a raw dump
    /// (`Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`), and its localized description often
    /// says no more than its code, so the system's reason is taken from the underlying POSIX error.
    var readableMessage: String {
        let path = filePath ?? url?.path
        return path.map { "\(reason) (\($0))" } ?? reason
    }

    private var reason: String {
        if let underlying = (userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(truncatingIfNeeded: underlying.code))
        {
            return String(cString: text)
        }
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
        case .fileWriteFileExists: return "A file with the same name already exists"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteVolumeReadOnly: return "Read-only file system"
        case .fileReadCorruptFile: return "The file is damaged or in an unknown format"
        default: break
        }
        let described = localizedDescription.replacingOccurrences(of: "The operation could not be completed. ", with: "")
        return described.contains("NSCocoaErrorDomain") ? "Foundation file error \(code.rawValue)" : described
    }
}
