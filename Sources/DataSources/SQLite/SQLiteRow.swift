/// One result row, readable by column name or index.
public struct SQLiteRow: Sendable, Equatable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(index: Int) -> SQLiteValue { values.indices.contains(index) ? values[index] : .null }

    public subscript(name: String) -> SQLiteValue {
        guard let index = columns.firstIndex(of: name) else { return .null }
        return values[index]
    }
}
