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

    private func openedSample(_ harness: Harness) async throws -> CarNewsPresenter {
        try await harness.appeared(Harness.inMemory)
    }

    @Test("the in-memory and json-file kinds serve the bundled sample, newest first, first row focused")
    func bundledSample() async throws {
        let harness = try Harness()
        #expect(try await openedSample(harness).viewState == .list(Self.sampleRows))
        let fromFile = try harness.feature(SourceConfiguration(kind: .jsonFile)).presenter
        #expect(fromFile.viewState == .loading)  // nothing is read before it appears
        await harness.send(.lifecycle(.appear), to: fromFile)
        #expect(fromFile.viewState == .list(Self.sampleRows))
    }

    @Test("a json-file source whose file is missing shows the error screen")
    func missingFile() async throws {
        let harness = try Harness()
        let missing = harness.host.directory.file("nowhere.json")
        let presenter = try harness.feature(SourceConfiguration(kind: .jsonFile, path: missing)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        #expect(presenter.viewState == .failed("\(missing.path): the file does not exist."))
    }

    @Test("↑/↓ move one row, pages move by the scene's page, Home/End jump; all clamp at the ends")
    func selection() async throws {
        let harness = try Harness()
        let presenter = try await openedSample(harness)
        let steps: [(CarNewsPresenter.Action, Int)] = [
            (.moveSelection(by: -1), 0), (.moveSelection(by: 1), 1), (.moveSelection(by: 1), 2), (.moveSelection(by: 3), 5),
            (.moveSelection(by: 3), 6), (.moveSelection(by: 1), 6), (.moveSelection(by: -4), 2), (.selectLast, 6),
            (.selectFirst, 0), (.moveSelection(by: -3), 0),
        ]
        for (action, index) in steps {
            presenter.send(action)
            #expect(presenter.viewState == .list(Self.sampleRows, selected: index), "\(action)")
        }
    }

    @Test(
        "opening shows the row's title, date and image at once, the text once read; list keys do nothing under it; closing goes back"
    )
    func detail() async throws {
        let harness = try Harness()
        let presenter = try await openedSample(harness)
        presenter.send(.moveSelection(by: 2))
        presenter.send(.openSelected)
        var expected = CarNewsViewState.list(Self.sampleRows, selected: 2)
        expected.detail = CarNewsViewState.Detail(
            id: 119297, title: "Q7 – Greatness starts, when you don't stop", date: "25 May 2018, 14:13",
            imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg"), isLoading: true, ingress: "",
            sections: [], tags: nil)
        #expect(presenter.viewState == expected)

        await harness.host.settle()
        expected.detail = CarNewsViewState.Detail(
            id: 119297, title: "Q7 – Greatness starts, when you don't stop", date: "25 May 2018, 14:13",
            imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg"),
            ingress: "The new Q7 is lighter, roomier and more efficient than the car it replaces.",
            sections: [
                .init(
                    subject: "Lighter by up to 325 kg",
                    description: "Aluminium in the body and chassis brings the weight down, and with it the consumption.")
            ], tags: nil)
        #expect(presenter.viewState == expected)

        presenter.send(.moveSelection(by: 1))
        presenter.send(.selectLast)
        presenter.send(.openSelected)
        #expect(presenter.viewState == expected)

        presenter.send(.closeDetail)
        #expect(presenter.viewState == .list(Self.sampleRows, selected: 2))
    }

    @Test("closing an article before its text arrives drops the read")
    func closeWhileReading() async throws {
        let harness = try Harness()
        let presenter = try await openedSample(harness)
        presenter.send(.openSelected)
        #expect(presenter.viewState.detail?.isLoading == true)
        presenter.send(.closeDetail)
        await harness.host.settle()
        #expect(presenter.viewState == .list(Self.sampleRows))
    }

    @Test("an article without content items shows none; tags show when present")
    func detailContentAndTags() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let tagged = Article(
            id: 1, title: "Tagged\tarticle ", ingress: "First line \nsecond line\r\n", published: Fixtures.march2026,
            tags: ["audi", " q7 ", ""], content: [])
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(Fixtures.reply([tagged]).utf8)))])
        let harness = try Harness(loopback: transport)
        let presenter = try harness.feature(.http(url)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        await harness.send(.openSelected, to: presenter)
        #expect(
            presenter.viewState.detail
                == CarNewsViewState.Detail(
                    id: 1, title: "Tagged article", date: "16 March, 09:05", imageLabel: "No image",
                    ingress: "First line\nsecond line", sections: [], tags: "Tags: audi, q7"))
    }

    @Test("r while a refresh runs does not start a second one")
    func oneRefreshAtATime() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8)))])
        let harness = try Harness(loopback: transport)
        let presenter = try harness.feature(.http(url)).presenter
        presenter.send(.lifecycle(.appear))
        presenter.send(.refresh)
        presenter.send(.refresh)
        await harness.host.settle()
        #expect(transport.requests.count == 1)
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))
        await harness.send(.refresh, to: presenter)
        #expect(transport.requests.count == 2)
    }

    @Test("back in the foreground it refreshes only when the last attempt is a minute old; background does nothing")
    func foreground() async throws {
        let harness = try Harness()
        let presenter = try await openedSample(harness)
        presenter.send(.lifecycle(.didEnterBackground))
        #expect(presenter.viewState == .list(Self.sampleRows))
        await harness.host.advance(by: .seconds(59))
        presenter.send(.lifecycle(.willEnterForeground))
        #expect(presenter.viewState == .list(Self.sampleRows))
        await harness.host.advance(by: .seconds(1))
        presenter.send(.lifecycle(.willEnterForeground))
        #expect(presenter.viewState == CarNewsViewState.list(Self.sampleRows).updating())
        await harness.host.settle()
        #expect(presenter.viewState == .list(Self.sampleRows))
    }

    @Test("a 12-hour user in New York sees local 12-hour times")
    func twelveHourUser() async throws {
        let harness = try Harness()
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let presenter = try harness.feature(
            Harness.inMemory, locale: Locale(identifier: "en_US"), timeZone: zone, hourCycle: .twelveHour
        )
        .presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        #expect(
            presenter.viewState.rows.map(\.date) == [
                "2 March, 02:45 AM", "16 January, 04:43 PM", "25 May 2018, 10:13 AM", "2 April 2018, 11:05 PM",
                "9 March 2018, 05:30 AM", "20 December 2017, 04:43 PM", "1 July 2017, 05:00 AM",
            ])
    }

    @Test("a damaged database is moved aside when first read: the screen says so once and the refresh refills it")
    func damagedDatabase() async throws {
        let harness = try Harness()
        try FileManager.default.createDirectory(at: harness.storageDirectory, withIntermediateDirectories: true)
        let file = harness.storageDirectory.appendingPathComponent("articles.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: file)
        let presenter = try harness.feature(Harness.inMemory).presenter
        #expect(presenter.viewState == .loading)  // the file is not even opened before the feature appears
        #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt-20260316-123400"))
        let recorder = ViewStateRecorder(presenter)
        await harness.send(.lifecycle(.appear), to: presenter)
        let notice =
            "The saved articles could not be read (file is not a database), so the file was moved aside to "
            + "articles.sqlite.corrupt-20260316-123400; the articles will be downloaded again."
        var whileLoading = CarNewsViewState.loading.updating()
        whileLoading.notices = [notice]
        #expect(recorder.states.prefix(2) == [CarNewsViewState.loading.updating(), whileLoading])
        var expected = CarNewsViewState.list(Self.sampleRows)
        expected.notices = [notice]
        #expect(presenter.viewState == expected)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-20260316-123400"))
    }

    @Test("an http source with \"cache\": false keeps the articles in memory only")
    func uncached() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8)))])
        let harness = try Harness(loopback: transport)
        let presenter = try harness.feature(.http(url, cache: false)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))
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
        let loadingImages = CarNewsViewState.list(Self.sampleRows.map { $0.with(image: .loading) })
        #expect(recorder.states.prefix(2) == [CarNewsViewState.loading.updating(), loadingImages])
        #expect(recorder.states.count == 2 + Self.sampleRows.count)
        #expect(recorder.states.last == .list(Self.sampleRows))
        #expect(presenter.changeCount == recorder.states.count)
    }

    @Test("a storage directory that cannot hold the database costs offline reading, not the feature")
    func unusableStorage() async throws {
        let harness = try Harness()
        let file = harness.storageDirectory.appendingPathComponent("articles.sqlite")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let presenter = try await harness.appeared(Harness.inMemory)
        #expect(presenter.viewState.rows == Self.sampleRows)
        let notice = try #require(presenter.viewState.notices.first)
        #expect(notice.hasPrefix("Articles cannot be saved for offline reading ("))
        #expect(notice.hasSuffix("); they are kept in memory only."))
    }

    @Test("a reply that could not be saved is still shown and opened, with a notice; a row gone from the store says so")
    func unsavedReply() async throws {
        let harness = try Harness()
        let presenter = try await openedSample(harness)
        let kept = Fixtures.article(1, "Kept in memory", minutes: 600)
        let gone = ArticleSummary(id: 2, title: "Gone", image: "", published: Fixtures.march2026)
        presenter.send(
            .refreshFinished(
                .refreshed(
                    RefreshedList(
                        summaries: [kept.summary, gone], refreshedAt: harness.host.now,
                        saveProblem: "The articles could not be saved for offline reading: disk full", unsaved: [1: kept]))))
        var expected = CarNewsViewState.list([
            Row(id: 1, title: "Kept in memory", date: "16 March, 10:00", imageLabel: "No image"),
            Row(id: 2, title: "Gone", date: "16 March, 09:05", imageLabel: "No image"),
        ])
        expected.notices = ["The articles could not be saved for offline reading: disk full"]
        #expect(presenter.viewState == expected)

        presenter.send(.openSelected)
        #expect(
            presenter.viewState.detail
                == CarNewsViewState.Detail(
                    id: 1, title: "Kept in memory", date: "16 March, 10:00", imageLabel: "No image", ingress: "Ingress 1.",
                    sections: [.init(subject: "Subject 1", description: "Description 1.")], tags: nil))
        presenter.send(.closeDetail)
        presenter.send(.moveSelection(by: 1))
        await harness.send(.openSelected, to: presenter)
        #expect(
            presenter.viewState.detail
                == CarNewsViewState.Detail(
                    id: 2, title: "Gone", date: "16 March, 09:05", imageLabel: "No image", ingress: "", sections: [], tags: nil,
                    problem: "This article is no longer saved.", canRefresh: true))
    }
}
