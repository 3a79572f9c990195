extension Key {
    /// The bytes a terminal sends for this key, which `KeyParser` reads back as the same key. Used to hand
    /// keys across a byte boundary (a dynamic plugin parses them with its own `KeyParser`).
    public var terminalBytes: [UInt8] {
        switch self {
        case .character(let character): Array(String(character).utf8)
        case .enter: [0x0D]
        case .tab: [0x09]
        case .backTab: csi("Z")
        case .up: csi("A")
        case .down: csi("B")
        case .right: csi("C")
        case .left: csi("D")
        case .home: csi("H")
        case .end: csi("F")
        case .pageUp: csi("5~")
        case .pageDown: csi("6~")
        case .escape: [0x1B]
        case .backspace: [0x7F]
        case .delete: csi("3~")
        case .ctrlC: [0x03]
        case .focusIn: csi("I")
        case .focusOut: csi("O")
        case .control(let byte): [byte]
        case .alt(let character): [0x1B] + Array(String(character).utf8)
        // ESC cannot be pasted (the parser drops it), so none can end the paste early.
        case .paste(let text): KeyParser.pasteStart + text.utf8.filter { $0 != 0x1B } + KeyParser.pasteEnd
        }
    }
}

private func csi(_ tail: String) -> [UInt8] { [0x1B, UInt8(ascii: "[")] + Array(tail.utf8) }
