import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct DataSourceFactoryTests {
    let host: TestHost
    let samples: SampleData<[Car]>

    init() throws {
        host = try TestHost()
        let plist = try host.directory.write(carsPlist, to: "bundled/cars.plist")
        let json = try host.directory.write(#"[{"name":"bundled","seats":2}]"#, to: "bundled/cars.json")
        samples = SampleData(plistFile: plist, jsonFile: json, inMemory: { [Car(name: "memory", seats: 1)] })
    }

    func load(_ source: SourceConfiguration?) async throws -> Loaded<[Car]> {
        let context = try host.context(id: "cars", source: source)
        return try await DataSourceFactory.make([Car].self, context: context, decoder: carDecoder, samples: samples).load()
    }

    @Test func eachKindReadsWhereTheConfigSays() async throws {
        #expect(try await load(SourceConfiguration(kind: .plist)).value == cars)
        #expect(try await load(SourceConfiguration(kind: .jsonFile)).value == [Car(name: "bundled", seats: 2)])
        #expect(try await load(SourceConfiguration(kind: .inMemory)).value == [Car(name: "memory", seats: 1)])
        let own = try host.directory.write(carsJSON, to: "mine.json")
        #expect(try await load(SourceConfiguration(kind: .jsonFile, path: own)).value == cars)

        let server = try LoopbackHTTPServer()
        server.respond(with: .json(#"[{"name":"web","seats":3}]"#))
        #expect(try await load(.http(server.url("cars"))).value == [Car(name: "web", seats: 3)])
        server.respond(with: .text("down", status: 500))
        let cached = try await load(.http(server.url("cars")))
        #expect(cached.value == [Car(name: "web", seats: 3)])
        #expect(cached.origin != .fresh)
    }

    @Test func uncachedHTTPFailsWithoutACopy() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(carsJSON))
        _ = try await load(.http(server.url("cars"), cache: false))
        server.respond(with: .text("down", status: 500))
        await #expect(throws: HTTPError.status(500, server.url("cars"))) { try await load(.http(server.url("cars"), cache: false)) }
    }

    @Test func requestsThroughTheHostsTransportCountAsWorkInFlight() async throws {
        let server = try LoopbackHTTPServer()
        let gate = BlockingGate()
        server.respond(with: LoopbackHTTPServer.Reply.json(carsJSON).held(by: gate))
        // A deadline no loaded machine reaches: the reply is held by the gate, not by the clock.
        let context = try host.context(id: "cars", source: .http(server.url("cars"), timeout: 120))
        let source = try DataSourceFactory.make([Car].self, context: context, decoder: carDecoder, samples: samples)
        let task = Task { try await source.load() }
        // The reply is held, so the load stays in flight until the gate opens.
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)  // a bound for a broken build only
        var sawInFlight = false
        while !sawInFlight, Date() < limit {
            sawInFlight = host.activity.inFlight > 0
            await Task.yield()
        }
        gate.open()
        _ = try await task.value
        #expect(sawInFlight)
        #expect(host.activity.inFlight == 0)
    }

    @Test func noSourceIsAnError() async throws {
        await #expect(throws: FeatureError("cars has no data source configured.")) { try await load(nil) }
    }
}
