import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import InvitationsFixtures
import TerminalUI
import Testing

@testable import InvitationsTerminal

/// Frames as golden text, and keys through the text driver as the shell sends them.
@Suite("Scene: frames and keys")
@MainActor
struct SceneTests {
    private let size = Size(width: 80, height: 24)

    private func driver(_ h: Harness, size: Size? = nil) -> TextDriver {
        TextDriver(scene: InvitationsTerminalScene(presenter: h.presenter), size: size ?? self.size)
    }

    private func check(_ driver: TextDriver, _ name: String) throws {
        try GoldenFile.check(driver.text(), named: name, in: GoldenFile.directory())
    }

    @discardableResult
    private func type(_ driver: TextDriver, _ input: String) -> [KeyHandling] {
        driver.input(KeyParser.decodeEscapes(input))
    }

    @Test("Not registered, the form, its errors, sending, a 400, an unreadable 400")
    func requestFrames() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        let d = driver(h)
        try check(d, "not-registered-80x24.txt")
        type(d, "\r")
        try check(d, "form-empty-80x24.txt")
        type(d, "Jo\t\t\t\r")
        try check(d, "form-errors-80x24.txt")
        type(d, "e\tusedemail@blinq.app\tusedemail@blinq.app\t")
        try check(d, "form-filled-80x24.txt")
        type(d, "\r")
        try check(d, "form-sending-80x24.txt")
        await h.settle()
        try check(d, "form-rejected-80x24.txt")

        // A long failure wraps under the fields.
        server.respond(with: .text("<html>Bad Request</html>", status: 400))
        type(d, "\r")
        await h.settle()
        try check(d, "form-unreadable-80x24.txt")
    }

    @Test("Congratulations frames over time, the registered page, the alert, the cancelled frames")
    func celebrationFrames() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        let d = driver(h)
        // The documented key sequence: Enter opens the form, Enter moves between fields, Enter on Send sends.
        type(d, "\rJane Doe\rjane@example.com\rjane@example.com\r\r")
        await h.settle()
        try check(d, "congratulations-0ms-80x24.txt")
        await h.host.advance(by: .milliseconds(500))
        try check(d, "congratulations-500ms-80x24.txt")
        await h.host.advance(by: .milliseconds(700))
        try check(d, "congratulations-1200ms-80x24.txt")
        await h.host.advance(by: .seconds(2))
        try check(d, "congratulations-end-80x24.txt")
        type(d, "\r")
        try check(d, "registered-80x24.txt")
        type(d, "\r")
        try check(d, "alert-80x24.txt")
        type(d, "\t\r")
        await h.settle()
        await h.host.advance(by: .milliseconds(1500))
        try check(d, "cancelled-1500ms-80x24.txt")
        type(d, "\r")
        try check(d, "not-registered-80x24.txt")
    }

    @Test("A saved invitation that cannot be read: the notice on the page")
    func notice() throws {
        let host = try TestHost()
        try host.store.set(Data("garbage".utf8), forKey: "registration")
        let h = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        try check(driver(h), "notice-80x24.txt")
    }

    @Test("Smallest size: the form still fits; below it the shell's message")
    func sizes() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let d = driver(h, size: Size(width: 60, height: 18))
        type(d, "\r\r\r\r\r")
        try check(d, "form-errors-60x18.txt")
        d.size = Size(width: 59, height: 18)
        try check(d, "too-small-59x18.txt")
    }

    @Test("Smallest size: the no-network message is whole")
    func noNetworkAtTheSmallestSize() async throws {
        let transport = ScriptedTransport { request in
            throw HTTPError.cannotConnect(request.url, reason: "the host name could not be found")
        }
        let url = try #require(URL(string: "https://fakeauth.invalid/fakeAuth"))
        let h = try Harness(
            source: SourceConfiguration(kind: .http, url: url, timeout: 5), host: try TestHost(transport: transport))
        let d = driver(h, size: Size(width: 60, height: 18))
        type(d, "\rJane Doe\tjane@example.com\tjane@example.com\t\r")
        await h.settle()
        guard case .requestForm(let form) = h.state.modal, let message = form.status?.text else {
            Issue.record("no status on the form")
            return
        }
        #expect(message.hasSuffix("press Send to try again."))
        let text = d.text()
        // 52 columns: the popup's width at 60 columns, less its borders and margins.
        let lines = TextLayout.wrap(message, width: 52)
        #expect(lines.count > 3)
        for line in lines { #expect(text.contains(line), "\(line)") }
        #expect(!text.contains("…"))
    }

    @Test("A 400 message longer than the window scrolls with PgUp/PgDn, to its last word")
    func aLongRefusalScrolls() async throws {
        let words = (1...160).map { "word\($0)" }.joined(separator: " ") + " THE-END"
        let server = try LoopbackHTTPServer { _ in .json(#"{"errorMessage":"\#(words)"}"#, status: 400) }
        let h = try Harness(url: server.url("fakeAuth"))
        let d = driver(h)
        type(d, "\rJane Doe\tjane@example.com\tjane@example.com\t\r")
        await h.settle()
        #expect(!d.text().contains("THE-END"))
        #expect(d.text().contains("word1 word2"))
        #expect(d.scene.keyHints.contains(KeyHint(key: "PgUp/PgDn", action: "message")))
        var presses = 0
        while !d.text().contains("THE-END"), presses < 40 {
            #expect(type(d, "\u{1B}[6~") == [.handled])
            presses += 1
        }
        #expect(d.text().contains("word160") && d.text().contains("THE-END"))
        #expect(presses > 0 && presses < 40)
        type(d, "\u{1B}[5~")
        #expect(!d.text().contains("THE-END"))
    }

    @Test("A long value scrolls so the cursor stays visible")
    func scrolling() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let d = driver(h, size: Size(width: 60, height: 18))
        type(d, "\r" + String(repeating: "abcdefghij", count: 6) + "\u{1B}[H\u{1B}[C")
        #expect(TextFieldWindow(text: "abcdef", cursor: 6, width: 4) == TextFieldWindow.make("def", 3, nil))
        #expect(TextFieldWindow(text: "abcdef", cursor: 1, width: 4) == TextFieldWindow.make("abcd", 1, "b"))
        #expect(TextFieldWindow(text: "李小龙abc", cursor: 3, width: 5) == TextFieldWindow.make("小龙a", 4, "a"))
        #expect(TextFieldWindow(text: "李小龙abc", cursor: 1, width: 5) == TextFieldWindow.make("李小", 2, "小"))
        try check(d, "form-scrolled-60x18.txt")
    }

    @Test("The cursor on a wide character keeps both of its cells")
    func wideCursor() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let d = driver(h)
        type(d, "\r李小龙\u{1B}[H\u{1B}[C")
        let line = try #require(d.text().split(separator: "\n").first { $0.contains("›") })
        #expect(line.contains("› 李小龙 "))
        let cursor = d.frame()[13, 7]
        #expect(cursor.grapheme == "小" && cursor.style.reverse)
    }

    @Test("Keys: a paste arrives in one read and is kept whole; q types; Esc and q on the page go to the shell")
    func keys() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let d = driver(h)
        #expect(type(d, "q") == [.ignored])
        #expect(type(d, "\u{1B}") == [.ignored])
        #expect(type(d, "\t") == [.ignored])
        #expect(type(d, "\r") == [.handled])
        let pasted = type(d, "Quentin Blake-Smith")
        #expect(pasted.count == 19 && pasted.allSatisfy { $0 == .handled })
        type(d, "\u{1B}[D\u{1B}[D\u{7F}\u{1B}[3~\u{1B}[F")
        guard case .requestForm(let form) = h.state.modal else {
            Issue.record("the form is not open")
            return
        }
        #expect(form.fields[0].text == "Quentin Blake-Smh")
        #expect(form.fields[0].cursor == 17)
        #expect(type(d, "\u{1B}") == [.handled])
        #expect(h.state.modal == nil)
    }

    @Test("Ctrl-A/E go to the start/end, Ctrl-U deletes to the start, Ctrl-W the word before, Ctrl-K to the end")
    func lineEditingKeys() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let d = driver(h)
        type(d, "\r")
        type(d, "Jane  Mary Doe")
        func field() -> (String, Int) {
            guard case .requestForm(let form) = h.state.modal else { return ("no form", -1) }
            return (form.fields[0].text, form.fields[0].cursor)
        }
        #expect(type(d, "\u{01}") == [.handled])
        #expect(field() == ("Jane  Mary Doe", 0))
        type(d, "X")
        #expect(field() == ("XJane  Mary Doe", 1))
        type(d, "\u{05}")
        #expect(field() == ("XJane  Mary Doe", 15))
        type(d, "\u{17}")
        #expect(field() == ("XJane  Mary ", 12))
        type(d, "\u{17}")
        #expect(field() == ("XJane  ", 7))
        type(d, "Ann\u{1B}[D\u{1B}[D")
        #expect(field() == ("XJane  Ann", 8))
        type(d, "\u{0B}")
        #expect(field() == ("XJane  A", 8))
        type(d, "\u{15}")
        #expect(field() == ("", 0))
        // Pure: the same key and state give the same actions, and none while the form is sending.
        #expect(LineEditing.actions(control: 0x17, text: "a b", cursor: 3) == [.deleteBackward])
        #expect(LineEditing.actions(control: 0x15, text: "abc", cursor: 2) == [.deleteBackward, .deleteBackward])
        #expect(LineEditing.actions(control: 0x1A, text: "abc", cursor: 2) == [])
    }

    @Test("Key hints follow the screen")
    func hints() async throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        let scene = InvitationsTerminalScene(presenter: h.presenter)
        #expect(scene.keyHints == [KeyHint(key: "Enter", action: "Request an invite")])
        h.send(.activate)
        #expect(
            scene.keyHints == [
                KeyHint(key: "Enter", action: "next field"), KeyHint(key: "Esc", action: "close"),
                KeyHint(key: "Tab/↑↓", action: "move"), KeyHint(key: "←→ Home End", action: "cursor"),
                KeyHint(key: "Bksp/Del", action: "erase"),
            ])
        h.send(.focusPrevious)
        #expect(
            scene.keyHints == [
                KeyHint(key: "Enter", action: "send"), KeyHint(key: "Esc", action: "close"),
                KeyHint(key: "Tab/↑↓", action: "move"),
            ])
        h.send(.focusNext, .insert("Jane"), .focusNext, .insert("j@e.co"), .focusNext, .insert("j@e.co"), .focusNext, .activate)
        #expect(scene.keyHints == [KeyHint(key: "Tab/↑↓", action: "move")])
        #expect(!scene.leavesEscapeToShell, "while sending Esc does nothing, and the shell must not offer it")
        await h.settle()
        #expect(scene.keyHints == [KeyHint(key: "Enter/Esc", action: "OK")])
        #expect(!scene.leavesEscapeToShell)
        h.send(.dismiss)
        #expect(scene.keyHints == [KeyHint(key: "Enter", action: "Cancel invite")])
        #expect(scene.leavesEscapeToShell)
        h.send(.activate)
        #expect(scene.keyHints == [KeyHint(key: "Enter/Esc", action: "keep invite"), KeyHint(key: "←/→", action: "choose")])
        h.send(.focusNext)
        #expect(
            scene.keyHints == [
                KeyHint(key: "Enter", action: "cancel invite"), KeyHint(key: "Esc", action: "keep invite"),
                KeyHint(key: "←/→", action: "choose"),
            ])
    }

    @Test("Confetti glyphs are one column wide")
    func glyphWidths() {
        for glyph in ["▪", "•", "*", "+", "~", "◆", "·", "°"] as [Character] {
            #expect(DisplayWidth.of(glyph) == 1, "\(glyph)")
        }
    }
}

extension TextFieldWindow {
    static func make(_ text: String, _ cursorColumn: Int, _ cursorCharacter: Character?) -> TextFieldWindow {
        var window = TextFieldWindow(text: "", cursor: 0, width: 1)
        window.text = text
        window.cursorColumn = cursorColumn
        window.cursorCharacter = cursorCharacter
        return window
    }
}
