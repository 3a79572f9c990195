import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which build of a plugin library a file holds: its device, inode, size and modification time, through the links.
/// `swift build` writes a new file (a new inode, a new time), so a rebuilt library reads as new code and a reload
/// loads it again, while a library nobody touched keeps its running process.
public enum PluginBuild {
    /// Empty when the file cannot be read: the load that follows says why.
    public static func identity(of file: URL) -> String {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return "" }
        #if canImport(Glibc)
            let modified = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #else
            let modified = "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
        #endif
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modified)"
    }
}
