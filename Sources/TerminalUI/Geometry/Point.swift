/// A cell position; x grows to the right, y downwards, (0, 0) is the top-left cell.
public struct Point: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}
