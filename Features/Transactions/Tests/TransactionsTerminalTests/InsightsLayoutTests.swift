import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import TransactionsFeature
import TransactionsFixtures
import TransactionsTerminal

/// The Insights tab at every height: each category listed, the ring's outline clean, its segments in order.
@MainActor
@Suite struct InsightsLayoutTests {
    static let categories = ["food", "health", "entertainment", "shopping", "travel"]

    private func insights(_ size: Size, host: TestHost? = nil) async throws -> TextDriver {
        let feature = try await TransactionsFeature.loaded(on: try host ?? TestHost())
        let driver = TextDriver(scene: feature.makeScene(), size: size)
        driver.press(.tab)
        return driver
    }

    /// The category rows of the list: lines that start with `●`.
    private func listedCategories(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "●" ? words.dropFirst().first.map(String.init) : nil
        }
    }

    @Test(arguments: [44, 80])
    func everyCategoryIsListedAtEveryHeight(width: Int) async throws {
        // From the scene's minimum height up to past the tallest ring; 80×20 is `snapshot --size 80x21`.
        for height in 16...30 {
            let driver = try await insights(Size(width: width, height: height))
            let text = driver.text()
            #expect(listedCategories(text) == Self.categories, "\(width)×\(height):\n\(text)")
            #expect(text.contains("$472.08"), "the total shows at \(width)×\(height)")
        }
    }

    @Test func everyCategoryIsListedUnderANotice() async throws {
        let host = try TestHost()
        try host.store.set(Data("{".utf8), forKey: "unpinned-ids")
        for height in 16...24 {
            let driver = try await insights(Size(width: 44, height: height), host: host)
            let text = driver.text()
            #expect(text.contains("Your saved pins could not be read"))
            #expect(listedCategories(text) == Self.categories, "44×\(height):\n\(text)")
        }
    }

    @Test func theRingUsesTheRoomLeftAboveTheList() async throws {
        let driver = try await insights(Size(width: 80, height: 20))
        try GoldenFile.check(driver.text(), named: "insights-80x20.txt", in: GoldenFile.directory())
    }

    /// Where two segments meet, a cell is a full block (never `▀` over another colour, which reads as a notch),
    /// so the ring's outline is the same with one segment or five: symmetric about its vertical axis.
    @Test func theRingsOutlineIsClean() async throws {
        for height in [20, 24] {
            let frame = try await insights(Size(width: 80, height: height)).frame()
            let ring = ringCells(frame)
            #expect(!ring.isEmpty)
            #expect(ring.allSatisfy { frame[$0.x, $0.y].style.background == nil }, "no half block over a colour")
            let xs = ring.map(\.x)
            let axis = try #require(xs.min()) + (try #require(xs.max()))
            for point in ring {
                #expect(
                    frame[axis - point.x, point.y].grapheme == frame[point.x, point.y].grapheme,
                    "mirror of \(point.x),\(point.y) at 80×\(height)")
            }
        }
    }

    /// The colours are the only thing that tells the segments apart, so they are pinned here: each ring cell
    /// as the first letter of its category (by colour), clockwise from 12 o'clock in category order.
    @Test func theRingsSegmentsInOrderAndColour() async throws {
        let frame = try await insights(Size(width: 80, height: 24)).frame()
        let letters = try letterMap(frame)
        try GoldenFile.check(letters, named: "insights-ring-colours-80x24.txt", in: GoldenFile.directory())
        // Walking the ring's middle clockwise from 12 o'clock meets each category once, in list order.
        let ring = ringCells(frame)
        let xs = ring.map(\.x)
        let ys = ring.map(\.y)
        let centre = (
            x: Double(try #require(xs.min()) + (try #require(xs.max())) + 1) / 2,
            y: Double(try #require(ys.min()) + (try #require(ys.max())) + 1) / 2
        )
        let radius = Double(try #require(xs.max()) - (try #require(xs.min())) + 1) / 2 * 0.85
        var seen: [String] = []
        for step in 0..<360 {
            let angle = Double(step) / 360 * 2 * .pi
            let x = Int((centre.x + sin(angle) * radius).rounded(.down))
            let y = Int((centre.y - cos(angle) * radius / 2).rounded(.down))
            let letter = try #require(Self.letter(for: frame[x, y].style.foreground))
            if seen.last != letter { seen.append(letter) }
        }
        #expect(seen == Self.categories.map { String($0.prefix(1)) })
    }

    @Test func nothingPinnedIsAGreyTrack() async throws {
        let driver = try await insights(Size(width: 80, height: 24))
        driver.press(.tab)
        for _ in 0..<13 { driver.press(.character(" "), .down) }
        driver.press(.tab)
        let frame = driver.frame()
        let colours = Set(ringCells(frame).map { frame[$0.x, $0.y].style.foreground })
        #expect(colours == [Color.rgb(90, 90, 90)])
    }

    // MARK: - Reading the ring

    /// The sample's category colours, as the ring draws them (the iOS system colours of the spec).
    static let colourLetters: [Color: String] = [
        .rgb(52, 199, 89): "f",  // food, green
        .rgb(255, 45, 85): "h",  // health, pink
        .rgb(255, 149, 0): "e",  // entertainment, orange
        .rgb(0, 122, 255): "s",  // shopping, blue
        .rgb(175, 82, 222): "t",  // travel, purple
    ]

    static func letter(for color: Color?) -> String? { color.flatMap { colourLetters[$0] } }

    /// Cells of the ring: block elements above the list.
    private func ringCells(_ frame: Frame) -> [Point] {
        var points: [Point] = []
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where ["█", "▀", "▄"].contains(frame[x, y].grapheme) {
                points.append(Point(x: x, y: y))
            }
        }
        return points
    }

    /// The ring's rows with each cell as its colour's letter, trimmed to the ring's columns.
    private func letterMap(_ frame: Frame) throws -> String {
        let ring = ringCells(frame)
        let xs = ring.map(\.x)
        let ys = ring.map(\.y)
        let (left, right) = (try #require(xs.min()), try #require(xs.max()))
        let (top, bottom) = (try #require(ys.min()), try #require(ys.max()))
        return (top...bottom).map { y in
            String(
                (left...right).map { x -> Character in
                    let cell = frame[x, y]
                    guard ["█", "▀", "▄"].contains(cell.grapheme) else { return " " }
                    return Character(Self.letter(for: cell.style.foreground) ?? "?")
                }
            ).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}
