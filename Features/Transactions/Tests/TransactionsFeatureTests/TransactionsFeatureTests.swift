import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import TransactionsFixtures

@testable import TransactionsFeature

@MainActor
@Suite struct TransactionsFeatureTests {
    @Test func manifest() {
        let manifest = TransactionsFeature.manifest
        #expect(manifest.id == "transactions")
        #expect(manifest.title == "Transactions")
        #expect(manifest.acceptedSources == [.inMemory, .jsonFile, .http])
        #expect(manifest.defaultSource == SourceConfiguration(kind: .inMemory))
        #expect(manifest.settingsKeys == ["currency"])
        #expect(
            manifest.setting("currency")
                == SettingDeclaration(
                    "currency", type: .currencyCode, default: .string("USD"),
                    summary: "The ISO 4217 code amounts are shown in; lowercase is accepted."))
        #expect(manifest.bundledSamples == [.jsonFile, .inMemory])
    }

    @Test func theCurrencySettingFormatsEverySum() async throws {
        let host = try TestHost()
        let presenter = try await TransactionsFeature.loaded(on: host, settings: ["currency": .string("eur")], locale: "de_DE")
            .presenter
        #expect(presenter.viewState.sum?.amount == "472,08\u{00A0}€")
        #expect(presenter.viewState.rows.first?.amount == "82,99\u{00A0}€")
        #expect(presenter.viewState.rows.first?.date == "05.03.2021")
        #expect(presenter.viewState.insights?.rows.first?.share == "15,7\u{00A0}%")
    }

    @Test(arguments: [
        (
            SettingValue.string("dollars"),
            #"settings of "transactions": "currency" must be an ISO 4217 currency code such as "USD", "EUR" or "JPY", found "dollars"."#
        ),
        (SettingValue.number(840), #"settings of "transactions": "currency" must be a string, found a number 840."#),
    ])
    func aBadCurrencyIsRefusedWithAMessage(value: SettingValue, message: String) throws {
        let host = try TestHost()
        #expect(throws: FeatureError(message)) {
            try TransactionsFeature(
                context: try host.context(
                    id: "transactions", source: SourceConfiguration(kind: .inMemory), settings: ["currency": value]))
        }
    }

    @Test func pinsSurviveARestart() async throws {
        let host = try TestHost()
        let first = try await TransactionsFeature.loaded(on: host).presenter
        first.send(.chooseFilter(.category(.travel)))
        first.send(.togglePin)  // Airport ride, 54.28
        #expect(first.viewState.sum?.amount == "$161.00")

        let second = try await TransactionsFeature.loaded(on: host).presenter
        #expect(Array(second.viewState.rows).filter { !$0.isPinned }.map(\.id) == [5])
        #expect(second.viewState.sum?.amount == "$417.80")
        second.send(.chooseFilter(.category(.travel)))
        #expect(second.viewState.sum?.amount == "$161.00")
    }

    @Test func readsTheBundledSampleAsAJSONFile() async throws {
        let host = try TestHost()
        let feature = try await TransactionsFeature.loaded(on: host, source: SourceConfiguration(kind: .jsonFile))
        #expect(
            Screen(feature.presenter.viewState)
                == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
    }

    @Test func aBrokenFileNamesThePlace() async throws {
        let host = try TestHost()
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            #"[{"id": 1, "name": "X", "category": "food", "amount": 1, "date": "25.04.2021", "accountName": "A"}]"#,
            to: "bad.json")
        let feature = try await TransactionsFeature.loaded(on: host, source: SourceConfiguration(kind: .jsonFile, path: file))
        #expect(
            feature.presenter.viewState.status
                == .failed(
                    #"Transactions could not be loaded: \#(file.path) could not be read at [0].date: "25.04.2021" is not a day written yyyy-MM-dd, e.g. 2021-04-25"#
                ))
    }

    @Test func buildingTheFeatureRequestsNothingUntilItAppears() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try Data(contentsOf: try #require(TransactionSamples.file))
        server.respond(with: .data(sample, contentType: "application/json"))
        let host = try TestHost()
        let feature = try TransactionsFeature(
            context: try host.context(
                id: "transactions", source: .http(server.url("transactions"), timeout: 5, cache: false)))
        await host.settle()
        #expect(server.requests.isEmpty)
        #expect(feature.presenter.viewState.status == .loading("Loading transactions…"))

        feature.handle(.appear)
        await host.settle()
        #expect(server.requests.map(\.path) == ["/transactions"])
        #expect(feature.presenter.viewState.status == .loaded)
    }

    @Test func loadsOverHTTPAndFallsBackToTheSavedCopy() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try Data(contentsOf: try #require(TransactionSamples.file))
        server.respond(with: .data(sample, contentType: "application/json"))
        let host = try TestHost()
        let source = SourceConfiguration.http(server.url("transactions"), timeout: 5, cache: true)
        let first = try await TransactionsFeature.loaded(on: host, source: source)
        #expect(
            Screen(first.presenter.viewState)
                == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
        #expect(server.requests.map(\.path) == ["/transactions"])

        server.respond(with: .text("down for maintenance", status: 503))
        let second = try await TransactionsFeature.loaded(on: host, source: source)
        let url = server.url("transactions").absoluteString
        #expect(
            Screen(second.presenter.viewState)
                == loadedScreen(
                    sum: "$472.08", insights: starterInsights, total: "$472.08",
                    notice:
                        "Offline: showing the copy saved Mar 16, 2026 at 12:34. The server answered HTTP 503 for \(url)."
                ))
        #expect(second.presenter.viewState.canRetry)
    }

    @Test func anHTTPErrorWithoutACopyIsShown() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(#"{"transactions": [{"id": 1}]}"#))
        let host = try TestHost()
        let feature = try await TransactionsFeature.loaded(on: host, source: .http(server.url("t"), timeout: 5, cache: false))
        #expect(
            feature.presenter.viewState.status
                == .failed(
                    #"Transactions could not be loaded: The reply from \#(server.url("t").absoluteString) could not be read at transactions[0].category: the key "category" is missing"#
                ))
    }
}
