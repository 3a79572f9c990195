/// One entry of the shell's footer: a key and what it does on the current screen.
public struct KeyHint: Sendable, Equatable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}
