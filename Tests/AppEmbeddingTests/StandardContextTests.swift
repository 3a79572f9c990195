import DataSources
import FeatureHostCore
import Foundation
import Testing
import TransactionsFeature

/// A feature adopted by an app: this target depends only on what an app would (the `TransactionsFeature`,
/// `DataSources` and `FeatureHostCore` products), never on the host's runtime, its config, registry or plugin
/// loader, nor on the testing library. The context comes from `FeatureContext.standard`, the one assembly the host's
/// `FeatureLauncher` calls too.
@MainActor
@Suite struct StandardContextTests {
    /// The app's data folder, gone after the test.
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("featurehost-app-\(UUID().uuidString)")
    let activity = ActivityTracker()

    /// The feature as an app makes it, with its manifest's default source (the bundled sample, in memory).
    func makeFeature() throws -> TransactionsFeature {
        let context = try FeatureContext.standard(
            id: TransactionsFeature.manifest.id, dataDirectory: data, source: TransactionsFeature.manifest.defaultSource,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt, activity: activity,
            transport: NoNetwork())
        return try TransactionsFeature(context: context)
    }

    @Test func anAppDrivesAFeatureAndItsSavedStateOutlivesIt() async throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try makeFeature().presenter
        #expect(first.viewState.sum == nil, "nothing loads before the feature appears")
        first.send(.lifecycle(.appear))
        #expect(await activity.waitUntilIdle(timeout: 300))
        #expect(first.viewState.status == .loaded)
        let before = try #require(first.viewState.sum?.amount)
        first.send(.togglePin)
        #expect(await activity.waitUntilIdle(timeout: 300))
        let after = try #require(first.viewState.sum?.amount)
        #expect(after != before)

        // The pin was kept where the host keeps it: the shared preferences file under the data folder, read back by
        // a new feature made the same way.
        let layout = DataLayout(data)
        #expect(FileManager.default.fileExists(atPath: layout.preferencesFile.appendingPathExtension("plist").path))
        #expect(FileManager.default.fileExists(atPath: layout.storageDirectory(for: TransactionsFeature.manifest.id).path))
        let second = try makeFeature().presenter
        second.send(.lifecycle(.appear))
        #expect(await activity.waitUntilIdle(timeout: 300))
        #expect(second.viewState.sum?.amount == after)
    }

    @Test func aBadSettingIsRefusedWithItsKeyAsTheHostWouldSay() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let context = try FeatureContext.standard(
            id: TransactionsFeature.manifest.id, dataDirectory: data, source: TransactionsFeature.manifest.defaultSource,
            settings: FeatureSettings(["currency": .string("dollars")], owner: "settings of \"transactions\""),
            locale: Locale(identifier: "en_US"), timeZone: .gmt, transport: NoNetwork())
        #expect(throws: FeatureError.self) { try TransactionsFeature(context: context) }
    }

    @Test func theContextIsTheHostsLayoutWithTheLocalesOwnClock() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let context = try FeatureContext.standard(
            id: "transactions", dataDirectory: data, locale: Locale(identifier: "de_DE"), timeZone: .gmt, transport: NoNetwork())
        #expect(context.hourCycle == .twentyFourHour)
        #expect(context.storageDirectory == data.appendingPathComponent("features/transactions", isDirectory: true))
        #expect(context.payloadCacheFile == data.appendingPathComponent("cache/payloads.sqlite"))
        #expect(context.settings.owner == "settings of \"transactions\"")
        let american = try FeatureContext.standard(
            id: "transactions", dataDirectory: data, locale: Locale(identifier: "en_US"), timeZone: .gmt, transport: NoNetwork())
        #expect(american.hourCycle == .twelveHour)
    }
}

/// This app reads its bundled sample only: any request is a mistake the test should hear about.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPError.cannotConnect(request.url, reason: "this test app has no network")
    }
}
