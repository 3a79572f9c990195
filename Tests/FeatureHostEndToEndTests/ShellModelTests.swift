import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

@Suite @MainActor struct ShellModelTests {
    let host: TestHost
    let registry = FeatureRegistry([TickerFeature.self, BrokenFeature.self])

    init() throws { host = try TestHost() }

    func model(only: Int? = nil) -> ShellModel {
        let environment = HostEnvironment(
            clock: host.clock, now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
            dataDirectory: host.directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let launcher = FeatureLauncher(environment: environment)
        let config = ConfigLoader(registry: registry).defaultConfig()
        let features = ResolvedFeature.enabled(in: config, registry: registry)
        let selected = only.map { [features[$0]] } ?? features
        return ShellModel(session: HostSession(launching: selected, with: launcher), only: only == nil ? nil : 0)
    }

    func screen(_ model: ShellModel, _ width: Int = 50, _ height: Int = 12) -> String {
        ShellScreen(model: model).render(size: Size(width: width, height: height)).plainText()
    }

    @Test func homeListsFeaturesInConfigOrderWithTheFooter() {
        let shell = model()
        #expect(
            screen(shell) == """

                  FeatureHost
                  Choose a feature:

                  ▶ Ticker
                      Counts seconds in the foreground.
                    Broken
                      could not start: see its screen



                 ↑/↓ choose  Enter open  q quit
                """)
    }

    @Test func enterOpensEscGoesBackAndQQuitsFromHome() async {
        let shell = model()
        shell.handle(.enter)
        #expect(shell.screen == .feature(0))
        #expect(screen(shell).contains("Seconds: 0"))
        #expect(screen(shell).hasSuffix(" Enter press  Esc back  Ctrl-C quit"))
        await host.advance(by: .seconds(3))
        #expect(screen(shell).contains("Seconds: 3"))
        shell.handle(.enter)
        #expect(screen(shell).contains("Presses: 1"), "Enter goes to the scene first")
        shell.handle(.escape)
        #expect(shell.screen == .home)
        shell.handle(.character("q"))
        #expect(shell.wantsToQuit)
    }

    @Test func aFailedFeatureShowsItsErrorAndTheOthersKeepWorking() async {
        let shell = model()
        shell.handle(.down)
        shell.handle(.enter)
        #expect(screen(shell).contains("Broken could not start: its data file"))
        shell.handle(.character("q"))
        #expect(shell.screen == .home)
        #expect(!shell.wantsToQuit)
        shell.handle(.up)
        shell.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(screen(shell).contains("Seconds: 2"))
    }

    @Test func focusAndSuspendReachRunningPresenters() async {
        let shell = model()
        shell.handle(.enter)
        await host.advance(by: .seconds(1))
        shell.handle(.focusOut)
        await host.advance(by: .seconds(5))
        #expect(screen(shell).contains("Seconds: 1 (paused)"))
        shell.handle(.focusIn)
        await host.advance(by: .seconds(1))
        #expect(screen(shell).contains("Seconds: 2"))
        shell.broadcast(.didEnterBackground)
        #expect(screen(shell).contains("(paused)"))
    }

    /// Ctrl-Z where no shell could resume the host: the feature keeps running (nothing goes to the background),
    /// the footer says why until the next key, and a paste or Alt+q neither quits nor goes back.
    @Test func suspendingNotAvailableIsSaidInTheFooterAndTheFeatureRunsOn() async {
        let shell = model(only: 0)
        shell.noteSuspendUnavailable()
        let text = screen(shell, 100)
        #expect(text.hasSuffix(" Ctrl-Z: suspending is not available here (no shell could resume featurehost)"))
        await host.advance(by: .seconds(2))
        #expect(screen(shell).contains("Seconds: 2"), "still counting: not in the background")
        shell.handle(.paste("q"))
        shell.handle(.alt("q"))
        #expect(!shell.wantsToQuit)
        #expect(screen(shell, 100).hasSuffix(" Enter press  Esc quit"), "the keys are back after a key")
        #expect(screen(shell, 30).hasSuffix(" Enter press  Esc quit"))
        shell.noteSuspendUnavailable()
        #expect(screen(shell, 30).hasSuffix(" Ctrl-Z: suspending is not av…"))
    }

    @Test func onlyOpensTheFeatureAndClosingItQuits() {
        let shell = model(only: 0)
        #expect(shell.screen == .feature(0))
        // Each action once: `Esc quit` already says how to quit, so `Ctrl-C quit` is not listed beside it.
        #expect(screen(shell).hasSuffix(" Enter press  Esc quit"))
        shell.handle(.escape)
        #expect(shell.wantsToQuit)
    }

    /// The scene asks for 30×6; the window needs one more row for the footer, and the message names the
    /// window: its real size and the minimum that will work.
    @Test func aTerminalBelowTheSceneMinimumSaysWhatTheWindowNeeds() {
        let shell = model(only: 0)
        #expect(screen(shell, 30, 7).contains("Seconds"), "the minimum, footer included, draws the scene")
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let short = words(screen(shell, 30, 6))
        #expect(short.contains("Make the window at least 30×7 (now 30×6)."))
        #expect(!short.contains("Seconds"))
        #expect(words(screen(shell, 29, 7)).contains("Make the window at least 30×7 (now 29×7)."))
    }

    /// A window too small for the open scene shows "make the window at least…" instead: its keys do nothing there
    /// (Enter would act on a screen nobody sees) and it has not appeared, so its timer waits; once the window is
    /// big enough, it appears and takes keys.
    @Test func aSceneTheWindowIsTooSmallForTakesNoKeysAndHasNotAppeared() async {
        let shell = model()
        shell.windowSize = Size(width: 29, height: 7)
        shell.handle(.enter)
        #expect(shell.screen == .feature(0))
        shell.handle(.enter)
        await host.advance(by: .seconds(3))
        shell.windowSize = Size(width: 50, height: 12)
        #expect(screen(shell).contains("Seconds: 0"), "the timer started only when the screen was shown")
        #expect(screen(shell).contains("Presses: 0"), "the Enter pressed while hidden did nothing")
        await host.advance(by: .seconds(2))
        #expect(screen(shell).contains("Seconds: 2"))
        shell.handle(.enter)
        #expect(screen(shell).contains("Presses: 1"))
        // Esc still goes back while the window is too small.
        shell.windowSize = Size(width: 20, height: 5)
        shell.handle(.escape)
        #expect(shell.screen == .home)
    }

    @Test func ctrlCQuitsFromAnywhere() {
        let shell = model()
        shell.handle(.enter)
        shell.handle(.ctrlC)
        #expect(shell.wantsToQuit)
    }
}

@Suite struct FooterTests {
    /// The invitations form's hints, the longest footer of the built-in features.
    let form = [
        KeyHint(key: "Enter", action: "next field"), KeyHint(key: "Esc", action: "close"), KeyHint(key: "Tab/↑↓", action: "move"),
        KeyHint(key: "←→ Home End", action: "cursor"), KeyHint(key: "Bksp/Del", action: "erase"), KeyHint(key: "Ctrl-C", action: "quit"),
    ]
    /// The car-news list, then the shell's Esc and Ctrl-C.
    let list = [
        KeyHint(key: "↑/↓", action: "select"), KeyHint(key: "Enter", action: "open"), KeyHint(key: "r", action: "refresh"),
        KeyHint(key: "PgUp/PgDn", action: "page"), KeyHint(key: "Esc", action: "back"), KeyHint(key: "Ctrl-C", action: "quit"),
    ]

    @Test @MainActor func aNarrowFooterDropsWholeHintsFromTheEndButKeepsTheFirstAndTheWayOut() {
        // The footer row is the width less its leading space.
        #expect(ShellScreen.footerText(list, width: 79) == "↑/↓ select  Enter open  r refresh  PgUp/PgDn page  Esc back  Ctrl-C quit")
        #expect(ShellScreen.footerText(list, width: 59) == "↑/↓ select  Enter open  r refresh  PgUp/PgDn page  Esc back")
        #expect(ShellScreen.footerText(list, width: 39) == "↑/↓ select  Enter open  Esc back")
        #expect(ShellScreen.footerText(form, width: 59) == "Enter next field Esc close Tab/↑↓ move ←→ Home End cursor")
        #expect(ShellScreen.footerText(form, width: 39) == "Enter next field Esc close Tab/↑↓ move")
        #expect(ShellScreen.footerText(form, width: 20) == "Enter next field Es…")
        for width in [39, 59, 79] {
            for text in [ShellScreen.footerText(list, width: width), ShellScreen.footerText(form, width: width)] {
                #expect(DisplayWidth.of(text) <= width && !text.contains("…"), "\(width): \(text)")
            }
        }
    }

    let hints = [
        KeyHint(key: "Enter", action: "next field"), KeyHint(key: "Esc", action: "close"), KeyHint(key: "Ctrl-C", action: "quit"),
    ]

    @Test @MainActor func theScreensOwnKeysWinWhenRoomRunsOut() {
        #expect(ShellScreen.footerText(hints, width: 80) == "Enter next field  Esc close  Ctrl-C quit")
        #expect(ShellScreen.footerText(hints, width: 30) == "Enter next field  Esc close")
        #expect(ShellScreen.footerText(hints, width: 26) == "Enter next field Esc close")
    }
}
