import Foundation

/// The saves made since a settings file was last written whole (`<file>.journal`, beside `<file>`): each one a
/// record appended with one `write`, so a pin toggle costs an append rather than a rewrite of every feature's state
/// (issue 37). A kill keeps every record written (the page cache outlives the process); the deferred sync folds the
/// journal into the file and removes it, once for a burst.
///
/// The journal names the file it applies over (its first line: device, inode, size, modification time). A file
/// replaced since (by the fold itself just before a kill, or by a writer that knows no journal) no longer matches, and
/// the journal is stale: its records are already in the file, or the file's writer has decided over them.
///
/// Bytes: `featurehost-settings-journal 1 <device> <inode> <size> <seconds> <nanoseconds>\n`, then for each save
/// `<name bytes> <value bytes, or -1 for a removal>\n<name><value>`.
package struct SettingsJournal: Equatable {
    /// What the first line says of the file.
    package struct Base: Equatable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        package var seconds: Int
        package var nanoseconds: Int

        package init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
            (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
        }
    }

    package var base: Base
    /// Each record's name and value (nil: removed), in the order saved.
    package var records: [(name: String, value: Data?)]
    /// Why reading stopped before the end, when the bytes after the last whole record are not one cut short.
    package var damage: String?
    /// The bytes end inside a record (a save killed mid-write): a record appended after them would be read as that
    /// record's rest, so the next save writes the file whole instead.
    package var isCutShort = false

    package static func == (left: SettingsJournal, right: SettingsJournal) -> Bool {
        left.base == right.base && left.damage == right.damage && left.isCutShort == right.isCutShort
            && left.records.elementsEqual(right.records) { $0.name == $1.name && $0.value == $1.value }
    }

    package static let magic = "featurehost-settings-journal 1"
    /// A name is a feature id and a key: 1 KiB is far past any; a value is bounded by the whole file's limit.
    package static let maximumNameBytes = 1024

    package static func header(for base: Base) -> Data {
        Data("\(magic) \(base.device) \(base.inode) \(base.size) \(base.seconds) \(base.nanoseconds)\n".utf8)
    }

    package static func record(name: String, value: Data?) -> Data {
        var bytes = Data("\(name.utf8.count) \(value.map { String($0.count) } ?? "-1")\n".utf8)
        bytes.append(contentsOf: name.utf8)
        if let value { bytes.append(value) }
        return bytes
    }

    /// The values of `values` with every record applied, last one winning.
    package func applied(to values: [String: Any]) -> [String: Any] {
        var values = values
        for record in records { values[record.name] = record.value }
        return values
    }

    /// Nil when the bytes do not start with a journal's first line (the whole journal is damaged then). A record
    /// the bytes end inside is a save a power loss cut short, and is dropped without a word; anything else that does
    /// not read keeps the records before it and says where.
    package static func parse(_ bytes: Data) -> SettingsJournal? {
        let bytes = [UInt8](bytes)
        var offset = 0
        guard let first = line(in: bytes, from: &offset) else { return nil }
        let fields = first.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 7, "\(fields[0]) \(fields[1])" == magic,
            let device = UInt64(fields[2]), let inode = UInt64(fields[3]), let size = Int64(fields[4]),
            let seconds = Int(fields[5]), let nanoseconds = Int(fields[6])
        else { return nil }
        var journal = SettingsJournal(
            base: Base(device: device, inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds), records: [])
        while offset < bytes.count {
            let start = offset
            guard let head = line(in: bytes, from: &offset) else {
                // The bytes end inside the record's head: cut short. Not text, or longer than any head: damaged.
                let window = bytes[start..<min(bytes.count, start + 128)]
                if window.contains(UInt8(ascii: "\n")) || window.count == 128 {
                    journal.damage = "record \(journal.records.count + 1) (byte \(start)) does not read as a save"
                } else {
                    journal.isCutShort = true
                }
                break
            }
            let counts = head.split(separator: " ", omittingEmptySubsequences: false)
            guard counts.count == 2, let nameCount = Int(counts[0]), let valueCount = Int(counts[1]),
                (1...maximumNameBytes).contains(nameCount), valueCount >= -1, valueCount <= PlistFileStore.maximumFileSize
            else {
                journal.damage = "record \(journal.records.count + 1) (byte \(start)) does not read as a save"
                break
            }
            let valueBytes = max(valueCount, 0)
            guard bytes.count - offset >= nameCount + valueBytes else {
                journal.isCutShort = true
                break
            }
            guard let name = String(bytes: bytes[offset..<offset + nameCount], encoding: .utf8) else {
                journal.damage = "record \(journal.records.count + 1) (byte \(start)) has a name that is not UTF-8"
                break
            }
            offset += nameCount
            let value = valueCount < 0 ? nil : Data(bytes[offset..<offset + valueBytes])
            offset += valueBytes
            journal.records.append((name, value))
        }
        return journal
    }

    /// The line from `offset` to its newline (at most 128 bytes: a head is two or seven numbers), moving past it.
    private static func line(in bytes: [UInt8], from offset: inout Int) -> Substring? {
        let end = min(bytes.count, offset + 128)
        guard let newline = bytes[offset..<end].firstIndex(of: UInt8(ascii: "\n")),
            let text = String(bytes: bytes[offset..<newline], encoding: .utf8)
        else { return nil }
        offset = newline + 1
        return Substring(text)
    }
}
