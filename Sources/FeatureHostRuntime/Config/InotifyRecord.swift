/// One `struct inotify_event` as read from an inotify descriptor: the watch, the event bits and the name of
/// the entry in the watched directory ("" for an event on the directory itself).
package struct InotifyRecord: Sendable, Equatable {
    var watch: Int32
    var mask: UInt32
    /// The name's bytes as the kernel gave them (a file name need not be UTF-8), without its NUL padding.
    var name: [UInt8]

    /// `wd`, `mask`, `cookie`, `len`: four 32-bit fields in the machine's byte order, then `len` bytes of name.
    static let headerSize = 16

    /// The records in `bytes`, a buffer `read` filled. The kernel writes whole records, but nothing here relies
    /// on it: a record whose header or name would run past the bytes read ends the parse.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while raw.count - offset >= headerSize {
                let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                guard length <= raw.count - nameStart else { break }
                // The name is NUL-terminated and padded with NULs to an alignment.
                let field = raw[nameStart..<(nameStart + length)]
                let nameBytes = field.prefix { $0 != 0 }
                records.append(InotifyRecord(watch: watch, mask: mask, name: Array(nameBytes)))
                offset = nameStart + length
            }
        }
        return records
    }
}
