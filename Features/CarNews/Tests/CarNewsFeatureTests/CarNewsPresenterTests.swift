import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

@MainActor
@Suite("The car news presenter")
struct CarNewsPresenterTests {
    typealias Row = CarNewsViewState.Row

    /// The bundled sample, newest first, for a UTC 24-hour user on 2026-03-16.
    static let sampleRows = [
        row(119318, "Electric SUVs: what a winter test taught us", "2 March, 07:45", "e_tron_winter.jpg"),
        row(119302, "The estate car isn't dead – it's just quieter", "16 January, 21:43", "estate_a6.jpg"),
        row(119297, "Q7 – Greatness starts, when you don't stop", "25 May 2018, 14:13", "audi_q7.jpg"),
        row(119296, "Driving the A8's night vision at 3 a.m.", "3 April 2018, 03:05", "audi_a8_night.jpg"),
        row(119284, "Five things we learned at the Geneva show", "9 March 2018, 10:30", "geneva_show.jpg"),
        row(119271, "R8 V10 plus: the last of its kind?", "20 December 2017, 21:43", "audi_r8.jpg"),
        row(119268, "TT RS: small car, big numbers", "1 July 2017, 09:00", "audi_tt_rs.jpg"),
    ]

    /// A sample row: its image is on the real server, which the tests cannot reach.
    private static func row(_ id: Int64, _ title: String, _ date: String, _ image: String) -> Row {
        Row(id: id, title: title, date: date, imageLabel: "Image: \(image)", image: Harness.offlineImage(image))
    }

    private static let loadingRows = sampleRows.map { $0.with(image: .loading) }
    /// The image effects a list of the sample's rows starts: one per row with a picture, by the picture's URL.
    private static let sampleImageLoads = Harness.imageLoads(
        ["e_tron_winter.jpg", "estate_a6.jpg", "audi_q7.jpg", "audi_a8_night.jpg", "geneva_show.jpg", "audi_r8.jpg", "audi_tt_rs.jpg"])

    /// The bundled sample appeared on a store: `Updating…`, the refreshed list with its images loading, then the
    /// images failing (offline), in whatever order they fail.
    private func openedSample(
        _ harness: Harness, _ source: SourceConfiguration = Harness.inMemory
    ) async throws -> PresenterTestStore<CarNewsPresenter> {
        let store = harness.store(try harness.feature(source).presenter)
        #expect(store.state == .loading)  // nothing is read before it appears
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + Self.sampleImageLoads) { $0 = .list(Self.loadingRows) }
        await store.advance(by: .zero)
        store.skipReceivedChanges { $0 = .list(Self.sampleRows) }
        return store
    }

    @Test("the in-memory and json-file kinds serve the bundled sample, newest first, first row focused")
    func bundledSample() async throws {
        try await openedSample(try Harness()).finish()
        try await openedSample(try Harness(), SourceConfiguration(kind: .jsonFile)).finish()
    }

    @Test("a json-file source whose file is missing shows the error screen")
    func missingFile() async throws {
        let harness = try Harness()
        let missing = harness.host.directory.file("nowhere.json")
        let store = harness.store(try harness.feature(SourceConfiguration(kind: .jsonFile, path: missing)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"]) { $0 = .failed("\(missing.path): the file does not exist.") }
        await store.finish()
    }

    @Test("↑/↓ move one row, pages move by the scene's page, Home/End jump; all clamp at the ends")
    func selection() async throws {
        let store = try await openedSample(try Harness())
        let steps: [(CarNewsPresenter.Action, Int?)] = [
            (.moveSelection(by: -1), nil), (.moveSelection(by: 1), 1), (.moveSelection(by: 1), 2), (.moveSelection(by: 3), 5),
            (.moveSelection(by: 3), 6), (.moveSelection(by: 1), nil), (.moveSelection(by: -4), 2), (.selectLast, 6),
            (.selectFirst, 0), (.moveSelection(by: -3), nil), (.moveSelection(by: .max), 6), (.moveSelection(by: .min), 0),
        ]
        for (action, index) in steps {
            if let index {
                store.send(action) { $0.selectedIndex = index }
            } else {
                store.send(action)
            }
        }
        await store.finish()
    }

    @Test(
        "opening shows the row's title, date and image at once, the text once read; list keys do nothing under it; closing goes back"
    )
    func detail() async throws {
        let store = try await openedSample(try Harness())
        store.send(.moveSelection(by: 2)) { $0.selectedIndex = 2 }
        store.send(.openSelected, starts: ["article"]) {
            $0.detail = CarNewsViewState.Detail(
                id: 119297, title: "Q7 – Greatness starts, when you don't stop", date: "25 May 2018, 14:13",
                imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg"), isLoading: true, ingress: "",
                sections: [], tags: nil)
        }
        await store.receive {
            $0.detail = CarNewsViewState.Detail(
                id: 119297, title: "Q7 – Greatness starts, when you don't stop", date: "25 May 2018, 14:13",
                imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg"),
                ingress: "The new Q7 is lighter, roomier and more efficient than the car it replaces.",
                sections: [
                    .init(
                        subject: "Lighter by up to 325 kg",
                        description: "Aluminium in the body and chassis brings the weight down, and with it the consumption.")
                ], tags: nil)
        }
        store.send(.moveSelection(by: 1))
        store.send(.selectLast)
        store.send(.openSelected)
        store.send(.closeDetail) { $0.detail = nil }
        store.send(.closeDetail)
        await store.finish()
    }

    @Test("closing an article before its text arrives drops the read")
    func closeWhileReading() async throws {
        let store = try await openedSample(try Harness())
        store.send(.openSelected, starts: ["article"]) { $0.detail = Self.loadingDetail(of: Self.sampleRows[0]) }
        store.send(.closeDetail) { $0.detail = nil }
        await store.finish()
        #expect(store.state == .list(Self.sampleRows))
    }

    static func loadingDetail(of row: Row) -> CarNewsViewState.Detail {
        CarNewsViewState.Detail(
            id: row.id, title: row.title, date: row.date, imageLabel: row.imageLabel, image: row.image, isLoading: true,
            ingress: "", sections: [], tags: nil)
    }

    @Test("an article without content items shows none; tags show when present")
    func detailContentAndTags() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let tagged = Article(
            id: 1, title: "Tagged\tarticle ", ingress: "First line \nsecond line\r\n", published: Fixtures.march2026,
            tags: ["audi", " q7 ", ""], content: [])
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(Fixtures.reply([tagged]).utf8)))])
        let harness = try Harness(loopback: transport)
        let store = harness.store(try harness.feature(.http(url)).presenter)
        let row = Row(id: 1, title: "Tagged article", date: "16 March, 09:05", imageLabel: "No image")
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"]) { $0 = .list([row]) }
        store.send(.openSelected, starts: ["article"]) { $0.detail = Self.loadingDetail(of: row) }
        await store.receive {
            $0.detail = CarNewsViewState.Detail(
                id: 1, title: "Tagged article", date: "16 March, 09:05", imageLabel: "No image",
                ingress: "First line\nsecond line", sections: [], tags: "Tags: audi, q7")
        }
        await store.finish()
    }

    @Test("r while a refresh runs does not start a second one")
    func oneRefreshAtATime() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let reply = HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8))
        let transport = ScriptedTransport([.success(reply), .success(reply)])
        let harness = try Harness(loopback: transport)
        let store = harness.store(try harness.feature(.http(url)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        store.send(.refresh)
        store.send(.refresh)
        await store.receive(starts: ["refresh"] + Harness.quirkyImageLoads) {
            $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) })
        }
        await store.advance(by: .zero)
        store.skipReceivedChanges { $0 = .list(Fixtures.quirkyRows) }
        #expect(transport.requests.count == 1)
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        // A good refresh asks again for the images that failed.
        await store.receive(starts: Harness.quirkyImageLoads) { $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) }) }
        await store.advance(by: .zero)
        store.skipReceivedChanges { $0 = .list(Fixtures.quirkyRows) }
        #expect(transport.requests.count == 2)
        await store.finish()
    }

    @Test("back in the foreground it refreshes only when the last attempt is a minute old; background does nothing")
    func foreground() async throws {
        let store = try await openedSample(try Harness())
        store.send(.lifecycle(.didEnterBackground))
        await store.advance(by: .seconds(59))
        store.send(.lifecycle(.willEnterForeground))
        await store.advance(by: .seconds(1))
        store.send(.lifecycle(.willEnterForeground), starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive(starts: Self.sampleImageLoads) { $0 = .list(Self.loadingRows) }
        await store.advance(by: .zero)
        store.skipReceivedChanges { $0 = .list(Self.sampleRows) }
        await store.finish()
    }

    @Test("a feature that never appeared ignores the foreground; r makes it appear")
    func foregroundBeforeAppear() async throws {
        let harness = try Harness()
        let store = harness.store(try harness.feature(Harness.inMemory).presenter)
        store.send(.lifecycle(.willEnterForeground))
        store.send(.refresh, starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + Self.sampleImageLoads) { $0 = .list(Self.loadingRows) }
        await store.advance(by: .zero)
        store.skipReceivedChanges { $0 = .list(Self.sampleRows) }
        await store.finish()
    }

    @Test("a 12-hour user in New York sees local 12-hour times")
    func twelveHourUser() async throws {
        let harness = try Harness()
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let store = harness.store(
            try harness.feature(Harness.inMemory, locale: Locale(identifier: "en_US"), timeZone: zone, hourCycle: .twelveHour).presenter)
        let dates = [
            "2 March, 02:45 AM", "16 January, 04:43 PM", "25 May 2018, 10:13 AM", "2 April 2018, 11:05 PM",
            "9 March 2018, 05:30 AM", "20 December 2017, 04:43 PM", "1 July 2017, 05:00 AM",
        ]
        let rows = zip(Self.sampleRows, dates).map { row, date in
            var local = row
            local.date = date
            return local
        }
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.settled(starts: ["refresh"] + Self.sampleImageLoads) { $0 = .list(rows) }
        await store.finish()
    }

    @Test("new conventions while it runs: the same articles and selection, their times on the new clock, nothing refreshed")
    func reformatInPlace() async throws {
        let harness = try Harness()
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let feature = try harness.feature(Harness.inMemory, locale: Locale(identifier: "en_US"), timeZone: zone, hourCycle: .twelveHour)
        let store = harness.store(feature.presenter)
        func rows(_ dates: [String]) -> [Row] {
            zip(Self.sampleRows, dates).map { row, date in
                var local = row
                local.date = date
                return local
            }
        }
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.settled(starts: ["refresh"] + Self.sampleImageLoads) {
            $0 = .list(
                rows([
                    "2 March, 02:45 AM", "16 January, 04:43 PM", "25 May 2018, 10:13 AM", "2 April 2018, 11:05 PM",
                    "9 March 2018, 05:30 AM", "20 December 2017, 04:43 PM", "1 July 2017, 05:00 AM",
                ]))
        }
        store.send(.moveSelection(by: 1)) { $0.selectedIndex = 1 }
        #expect(feature.reformat(for: FormatConventions(locale: Locale(identifier: "de_DE"), timeZone: zone, hourCycle: .twentyFourHour)))
        // The same articles and selection, on the new clock; nothing starts (no refresh).
        await store.receive {
            $0.rows = rows([
                "2 March, 02:45", "16 January, 16:43", "25 May 2018, 10:13", "2 April 2018, 23:05", "9 March 2018, 05:30",
                "20 December 2017, 16:43", "1 July 2017, 05:00",
            ])
        }
        await store.finish()
        #expect(feature.locale.identifier == "de_DE", "the web pager's counts follow")
    }

    @Test("a damaged database is moved aside when first read: the screen says so once and the refresh refills it")
    func damagedDatabase() async throws {
        let harness = try Harness()
        try FileManager.default.createDirectory(at: harness.storageDirectory, withIntermediateDirectories: true)
        let file = harness.storageDirectory.appendingPathComponent("articles.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: file)
        let store = harness.store(try harness.feature(Harness.inMemory).presenter)
        #expect(store.state == .loading)  // the file is not even opened before the feature appears
        #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt-20260316-123400"))
        let notice =
            "The saved articles could not be read (file is not a database), so the file was moved aside to "
            + "articles.sqlite.corrupt-20260316-123400; the articles will be downloaded again."
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + Self.sampleImageLoads) { $0.notices = [notice] }
        await store.receive {
            $0 = .list(Self.loadingRows)
            $0.notices = [notice]
        }
        await store.advance(by: .zero)
        store.skipReceivedChanges {
            $0 = .list(Self.sampleRows)
            $0.notices = [notice]
        }
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-20260316-123400"))
        await store.finish()
    }

    @Test("an http source with \"cache\": false keeps the articles in memory only")
    func uncached() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8)))])
        let harness = try Harness(loopback: transport)
        let store = harness.store(try harness.feature(.http(url, cache: false)).presenter)
        await store.appearOnTheQuirkyReply()
        await store.finish()
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: harness.storageDirectory.path)) ?? []
        #expect(saved.isEmpty)
    }

    @Test("a plist source is refused with a message naming the allowed kinds")
    func plistRefused() throws {
        let harness = try Harness()
        #expect(
            throws: FeatureError(
                "car-news reads the API's JSON: its source kind must be http, json-file or in-memory, found plist.")
        ) {
            _ = try harness.feature(SourceConfiguration(kind: .plist))
        }
    }

    @Test("each change is published once, and nothing when nothing changed")
    func observation() async throws {
        let harness = try Harness()
        let presenter = try harness.feature(Harness.inMemory).presenter
        let recorder = ViewStateRecorder(presenter)
        await harness.send(.lifecycle(.appear), to: presenter)
        presenter.send(.moveSelection(by: -1))
        presenter.send(.closeDetail)
        // Appearing, the refreshed list (its images loading), then each of the 7 images as it fails.
        #expect(recorder.states.prefix(2) == [CarNewsViewState.loading.updating(), .list(Self.loadingRows)])
        #expect(recorder.states.count == 2 + Self.sampleRows.count)
        #expect(recorder.states.last == .list(Self.sampleRows))
        #expect(presenter.changeCount == recorder.states.count)
    }

    @Test("a storage directory that cannot hold the database costs offline reading, not the feature")
    func unusableStorage() async throws {
        let harness = try Harness()
        let file = harness.storageDirectory.appendingPathComponent("articles.sqlite")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = harness.store(try harness.feature(Harness.inMemory).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        // The read of the saved list says so at once; then the refresh and the images, kept in memory.
        await store.advance(by: .zero, starts: ["refresh"] + Self.sampleImageLoads)
        let notice = try #require(store.receivedChanges.first?.state.notices.first)
        #expect(notice.hasPrefix("Articles cannot be saved for offline reading ("))
        #expect(notice.hasSuffix("); they are kept in memory only."))
        await store.receive { $0.notices = [notice] }
        await store.settled {
            $0 = .list(Self.sampleRows)
            $0.notices = [notice]
        }
        await store.finish()
    }

    @Test("a reply that could not be saved is still shown and opened, with a notice; a row gone from the store says so")
    func unsavedReply() async throws {
        let harness = try Harness()
        let store = try await openedSample(harness)
        let kept = Fixtures.article(1, "Kept in memory", minutes: 600)
        let unsaved = UnsavedArticles([kept])
        store.send(
            .refreshFinished(
                .refreshed(
                    RefreshedList(
                        window: ArticleWindow.around(.index(0), in: unsaved.summaries), refreshedAt: harness.host.now,
                        saveProblem: "The articles could not be saved for offline reading: disk full", unsaved: unsaved)))
        ) {
            $0 = .list([Row(id: 1, title: "Kept in memory", date: "16 March, 10:00", imageLabel: "No image")])
            $0.notices = ["The articles could not be saved for offline reading: disk full."]
        }
        store.send(.openSelected) {
            $0.detail = CarNewsViewState.Detail(
                id: 1, title: "Kept in memory", date: "16 March, 10:00", imageLabel: "No image", ingress: "Ingress 1.",
                sections: [.init(subject: "Subject 1", description: "Description 1.")], tags: nil)
        }
        store.send(.closeDetail) { $0.detail = nil }

        // A saved list whose row is no longer in the store (removed by another refresh meanwhile).
        let gone = ArticleSummary(id: 2, title: "Gone", image: "", published: Fixtures.march2026)
        store.send(
            .refreshFinished(.refreshed(RefreshedList(window: ArticleWindow.around(.index(0), in: [gone]), refreshedAt: harness.host.now)))
        ) {
            $0 = .list([Row(id: 2, title: "Gone", date: "16 March, 09:05", imageLabel: "No image")])
        }
        store.send(.openSelected, starts: ["article"]) { $0.detail = Self.loadingDetail(of: $0.rows[0]) }
        await store.receive {
            $0.detail = CarNewsViewState.Detail(
                id: 2, title: "Gone", date: "16 March, 09:05", imageLabel: "No image", ingress: "", sections: [], tags: nil,
                problem: "This article is no longer saved.", canRefresh: true)
        }
        await store.finish()
    }
}
