import TerminalUI

/// A tiny terminal emulator for tests: applies renderer output (cursor moves, SGR, text) to a grid of
/// graphemes and records every cell written.
struct ANSIScreen {
    var size: Size
    var rows: [[String]]
    var cursor = Point.zero
    /// Each cell a grapheme was written to, in order.
    var written: [Point] = []
    /// Each cursor move, as zero-based positions.
    var moves: [Point] = []
    /// The parameters of each SGR sequence.
    var styleChanges: [String] = []

    init(size: Size) {
        self.size = size
        rows = Array(repeating: Array(repeating: " ", count: size.width), count: size.height)
    }

    mutating func apply(_ output: String) {
        var characters = Array(output)[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                write(character)
                continue
            }
            guard characters.popFirst() == "[" else { continue }
            var parameters = ""
            while let next = characters.popFirst() {
                if next.isLetter {
                    command(next, parameters)
                    break
                }
                parameters.append(next)
            }
        }
    }

    var text: String {
        rows.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    private mutating func command(_ final: Character, _ parameters: String) {
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            cursor = Point(x: (numbers.count > 1 ? numbers[1] : 1) - 1, y: (numbers.first ?? 1) - 1)
            moves.append(cursor)
        case "m": styleChanges.append(parameters)
        case "J": rows = Array(repeating: Array(repeating: " ", count: size.width), count: size.height)
        default: break
        }
    }

    private mutating func write(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard cursor.y < size.height, cursor.x < size.width else { return }
        written.append(cursor)
        rows[cursor.y][cursor.x] = String(character)
        if width == 2, cursor.x + 1 < size.width { rows[cursor.y][cursor.x + 1] = "" }
        cursor.x += width
    }
}
