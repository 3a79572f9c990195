/// Something the user did on a page, as the client script reports it. A control says which action it
/// stands for with `data-action`; the scene maps that name (and a value) to a presenter action.
///
/// - `click`: a click (or Enter/Space) on the nearest element with `data-action`.
/// - `input`: each edit of an `<input data-action>`, with its whole value.
/// - `change`: a committed change of such a control (a checkbox, a select).
/// - `submit`: a `<form data-action>` submitted (its button, or Enter in a field), with every named field.
/// - `key`: a key listed in the nearest `data-keys` (`data-keys="Escape Enter"`) of the focused element or
///   of `#fh-root`; `action` is that element's `data-action` (empty when it has none).
public struct PageEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case click, input, change, submit, key
    }

    public var kind: Kind
    public var action: String
    public var value: String?
    /// A submitted form's fields by `name`; empty for other kinds.
    public var fields: [String: String]
    /// `KeyboardEvent.key`: `Enter`, `Escape`, `ArrowDown`, `a`.
    public var key: String?

    public init(kind: Kind, action: String, value: String? = nil, fields: [String: String] = [:], key: String? = nil) {
        self.kind = kind
        self.action = action
        self.value = value
        self.fields = fields
        self.key = key
    }

    public static func click(_ action: String) -> PageEvent { PageEvent(kind: .click, action: action) }
    public static func input(_ action: String, _ value: String) -> PageEvent { PageEvent(kind: .input, action: action, value: value) }
    public static func submit(_ action: String, _ fields: [String: String]) -> PageEvent {
        PageEvent(kind: .submit, action: action, fields: fields)
    }
    public static func key(_ key: String, action: String = "") -> PageEvent { PageEvent(kind: .key, action: action, key: key) }
}
