/// A size in terminal cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when this size is at least `other` in both directions.
    public func fits(_ other: Size) -> Bool { width >= other.width && height >= other.height }

    /// `80×24`
    public var description: String { "\(width)×\(height)" }
}
