import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// The invitation flow through `featurehost snapshot --input …` against a loopback fakeAuth, across
/// separate processes, which also shows the key-value store surviving a restart.
@Suite struct InvitationsFlowTests {
    let directory: TemporaryDirectory
    let process: FeaturehostProcess
    let server: LoopbackHTTPServer

    init() throws {
        directory = try TemporaryDirectory()
        process = FeaturehostProcess(in: directory.url)
        server = try LoopbackHTTPServer()
        try directory.write(
            #"{"features":[{"id":"invitations","source":{"kind":"http","url":"\#(server.url("fakeAuth").absoluteString)","timeout":5}}]}"#,
            to: "featurehost.json")
    }

    /// - Parameter save: `--save`, so the registration is written for the next process.
    func snapshot(_ inputs: [String], save: Bool = true) async throws -> String {
        let result = try await process.run(["snapshot", "invitations"] + inputs.flatMap { ["--input", $0] } + (save ? ["--save"] : []))
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return result.standardOutput
    }

    @Test func aSnapshotWithoutSaveKeepsNoRegistration() async throws {
        server.respond(with: .text("Registered"))
        let done = try await snapshot(["\\rJane Doe\\rjane@example.com\\rjane@example.com\\r", "\\r"], save: false)
        #expect(done.contains("All done!"))
        let stored = try await process.run("store", "get", "invitations", "registration")
        #expect(stored.status == 1, "nothing written without --save: \(stored.standardOutput)")
        #expect(try await snapshot([], save: false).contains("Request an invite"), "the next process starts unregistered")
    }

    @Test func requestThenRegisteredOnTheNextStartThenCancel() async throws {
        server.respond(with: .text("Registered"))
        let done = try await snapshot(["\\rJane Doe\\rjane@example.com\\rjane@example.com\\r", "\\r"])
        #expect(done.contains("All done!"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        let body = try JSONSerialization.jsonObject(with: request.body) as? [String: String]
        #expect(body == ["name": "Jane Doe", "email": "jane@example.com"])

        let stored = try await process.run("store", "get", "invitations", "registration")
        #expect(stored.status == 0)
        #expect(stored.standardOutput.contains("jane@example.com"), "the registration is on disk for the next process")

        let registered = try await snapshot([])
        #expect(registered.contains("Cancel invite"), "a new process opens the registered page")

        let cancelled = try await snapshot(["\\r", "\\t\\r", "\\r"])
        #expect(cancelled.contains("Request an invite"))
        #expect(server.requests.count == 1, "cancelling is local")
    }

    @Test func aUsedEmailShowsTheServersMessage() async throws {
        server.respond(with: .json(#"{"errorMessage":"This email address is already in use"}"#, status: 400))
        let frame = try await snapshot(["\\rJane Doe\\rusedemail@blinq.app\\rusedemail@blinq.app\\r", "\\r"])
        #expect(frame.contains("This email address is already in use"))
    }
}
