import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The shared test tools in FeatureHostTesting that the feature tests lean on: transports and gates.
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
