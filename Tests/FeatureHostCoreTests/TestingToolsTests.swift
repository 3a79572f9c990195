import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The shared test tools in FeatureHostTesting that the feature tests lean on: transports, gates, the counter
/// and the test host's contexts.
@Suite struct TestingToolsTests {
    let url = URL(fileURLWithPath: "/forecasts")

    @Test func aScriptedTransportAnswersInOrderAndRepeatsTheLastAnswer() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200)), .failure(.cancelled(url))])
        #expect(try await transport.send(HTTPRequest(url: url)).status == 200)
        await #expect(throws: HTTPError.cancelled(url)) { try await transport.send(HTTPRequest(url: url)) }
        await #expect(throws: HTTPError.cancelled(url)) { try await transport.send(HTTPRequest(method: "POST", url: url)) }
        #expect(transport.requests.map(\.method) == ["GET", "GET", "POST"])
    }

    @Test func aScriptedTransportCanAnswerFromTheRequest() async throws {
        let transport = ScriptedTransport { request in HTTPResponse(status: request.method == "POST" ? 201 : 200) }
        #expect(try await transport.send(HTTPRequest(method: "POST", url: url)).status == 201)
        #expect(try await transport.send(HTTPRequest(url: url)).status == 200)
    }

    @Test func aManualTransportHoldsEachRequestUntilTheTestAnswers() async throws {
        let transport = ManualTransport()
        let reply = Task { try await transport.send(HTTPRequest(url: url)) }
        while transport.pending.isEmpty { await Task.yield() }
        #expect(transport.requests == [url])
        transport.reply(url, HTTPResponse(status: 204))
        #expect(try await reply.value.status == 204)
        #expect(transport.pending.isEmpty)

        let failing = Task { try await transport.send(HTTPRequest(url: url)) }
        while transport.pending.isEmpty { await Task.yield() }
        transport.fail(url, HTTPError.timedOut(url, seconds: 1))
        await #expect(throws: HTTPError.timedOut(url, seconds: 1)) { try await failing.value }
    }

    @Test func aCancelledRequestOfAManualTransportIsRecorded() async throws {
        let transport = ManualTransport()
        let request = Task { try await transport.send(HTTPRequest(url: url)) }
        while transport.pending.isEmpty { await Task.yield() }
        request.cancel()
        await #expect(throws: HTTPError.cancelled(url)) { try await request.value }
        #expect(transport.cancelled == [url])
        #expect(transport.pending.isEmpty)
    }

    @Test func aManualTransportTellsAWaitingTestWhenRequestsHaveArrived() async throws {
        let transport = ManualTransport()
        let other = URL(fileURLWithPath: "/other")
        let first = Task { try await transport.send(HTTPRequest(url: url)) }
        await transport.waitForRequests(1)
        #expect(transport.pending == [url], "an arrived request is pending, ready for an answer")
        async let second: Void = transport.waitForRequests(2)
        let late = Task { try await transport.send(HTTPRequest(url: other)) }
        await second
        #expect(transport.requests == [url, other])
        await transport.waitForRequests(1)
        transport.reply(url, HTTPResponse(status: 200))
        transport.reply(other, HTTPResponse(status: 201))
        #expect(try await first.value.status == 200)
        #expect(try await late.value.status == 201)
    }

    @Test func aLoopbackOnlyTransportKeepsEveryOtherHostOffTheNetwork() async throws {
        let loopback = ScriptedTransport([.success(HTTPResponse(status: 204))])
        let local = try #require(URL(string: "http://127.0.0.1:8080/articles"))
        let remote = try #require(URL(string: "https://images.example/a.png"))
        let notFound = LoopbackOnlyTransport(loopback: loopback)
        #expect(try await notFound.send(HTTPRequest(url: local)).status == 204)
        #expect(try await notFound.send(HTTPRequest(url: remote)) == HTTPResponse(status: 404))
        let unplugged = LoopbackOnlyTransport(loopback: loopback, elsewhere: .unreachable(reason: "no network"))
        await #expect(throws: HTTPError.cannotConnect(remote, reason: "no network")) {
            try await unplugged.send(HTTPRequest(url: remote))
        }
        #expect(loopback.requests.map(\.url) == [local], "only loopback requests reach the loopback transport")
    }

    @Test func aCounterCountsFromAnyThread() async {
        let counter = Counter()
        #expect(counter.value == 0)
        #expect(counter.next() == 1)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<99 { group.addTask { counter.next() } }
        }
        #expect(counter.value == 100)
    }

    @Test func aTestHostContextHasTheLocalesOwnHourCycleWhenAskedForNone() throws {
        let host = try TestHost()
        #expect(try host.context(id: "clock", locale: Locale(identifier: "en_US")).hourCycle == .twentyFourHour, "the default")
        #expect(try host.context(id: "clock", locale: Locale(identifier: "en_US"), hourCycle: nil).hourCycle == .twelveHour)
        #expect(try host.context(id: "clock", locale: Locale(identifier: "de_DE"), hourCycle: nil).hourCycle == .twentyFourHour)
        #expect(try host.context(id: "clock", locale: Locale(identifier: "de_DE"), hourCycle: .twelveHour).hourCycle == .twelveHour)
    }

    @Test func anAsyncGateReleasesEveryWaiterAndStaysOpen() async {
        let gate = AsyncGate()
        async let first: Void = gate.wait()
        async let second: Void = gate.wait()
        gate.open()
        _ = await (first, second)
        await gate.wait()
    }

    @Test func aBlockingGateWaitsUntilOpenedOrItsTimeout() {
        let gate = BlockingGate()
        #expect(gate.wait(timeout: 0.01) == false, "closed: the wait ends at its timeout")
        gate.open()
        #expect(gate.wait(timeout: 10) == true)
    }
}
