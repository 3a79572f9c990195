/// One entry of the shell's footer: a key (or keys, `Enter/Esc`) and what it does on the current screen.
public struct KeyHint: Sendable, Equatable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }

    /// Whether `name` is one of the keys this hint lists: `Enter/Esc` names `Esc`; `Escape` does not.
    public func names(_ name: String) -> Bool {
        key.split(whereSeparator: { $0 == "/" || $0 == " " }).contains { $0 == name }
    }
}
