import FeatureHostTesting
import Foundation
import Testing

@testable import FeatureHostRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `<data dir>/run` folder, with this test process as the running host (the only live process whose program
/// name is this one's) and files written by hand as another program might.
@Suite struct RunningHostsTests {
    let directory: TemporaryDirectory
    let data: URL
    let config: URL

    init() throws {
        directory = try TemporaryDirectory("running-hosts")
        data = directory.file("data")
        config = try directory.write("{}", to: "featurehost.json")
    }

    var ownStart: UInt64 { ProcessStat.current?.startTime ?? 0 }

    /// Writes `<pid>.host` by hand.
    @discardableResult
    func plant(_ text: String, pid: pid_t = getpid()) throws -> URL {
        try directory.write(text, to: "data/run/\(pid).host")
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test func aRegisteredHostIsFoundByItsConfigAndDataDirectoryUntilUnregistered() throws {
        let registration = try RunningHosts.register(dataDirectory: data, config: config, command: "serve")
        #expect(RunningHosts.hosts(dataDirectory: data, config: config) == [RunningHosts.Host(pid: getpid(), command: "serve")])
        #expect(RunningHosts.find(dataDirectory: data, config: config) == [getpid()])
        // The same file spelled another way.
        let spelled = directory.url.appendingPathComponent("./data/../featurehost.json")
        #expect(RunningHosts.find(dataDirectory: data, config: spelled) == [getpid()])
        // Another config, the built-in default, another data directory: not this host.
        #expect(RunningHosts.find(dataDirectory: data, config: directory.file("other.json")).isEmpty)
        #expect(RunningHosts.find(dataDirectory: data, config: nil).isEmpty)
        #expect(RunningHosts.find(dataDirectory: directory.file("elsewhere"), config: config).isEmpty)
        registration.unregister()
        registration.unregister()
        #expect(!exists(registration.file))
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
    }

    @Test func theBuiltInDefaultIsAConfigOfItsOwn() throws {
        let registration = try RunningHosts.register(dataDirectory: data, config: nil)
        defer { registration.unregister() }
        #expect(RunningHosts.hosts(dataDirectory: data, config: nil) == [RunningHosts.Host(pid: getpid(), command: "run")])
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
    }

    @Test func aLinkToTheConfigIsTheSameConfig() throws {
        let link = directory.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: config.path)
        let registration = try RunningHosts.register(dataDirectory: data, config: link)
        defer { registration.unregister() }
        #expect(RunningHosts.find(dataDirectory: data, config: config) == [getpid()])
    }

    @Test func releasingTheRegistrationRemovesTheFile() throws {
        var registration: RunningHosts.Registration? = try RunningHosts.register(dataDirectory: data, config: config)
        let file = try #require(registration?.file)
        #expect(exists(file))
        registration = nil
        #expect(!exists(file))
    }

    @Test func aDeadPidIsStaleAndRemoved() throws {
        // A child that has exited and been reaped: its pid names no process.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let pid = child.processIdentifier
        let file = try plant("\(ownStart)\nserve\n\(config.path)\n", pid: pid)
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(!exists(file))
    }

    @Test func aReusedPidIsStaleAndRemoved() throws {
        let file = try plant("\(ownStart + 1)\nserve\n\(config.path)\n")
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(!exists(file))
    }

    @Test func aLiveProcessOfAnotherProgramIsNeverSignalled() throws {
        // pid 1 is alive, but it is not this program: a forged file naming it with its real start time is stale.
        let initStart = try #require(ProcessStat.of(1)).startTime
        try plant("\(initStart)\nserve\n\(config.path)\n", pid: 1)
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
    }

    @Test func anOversizedFileIsStaleAndRemoved() throws {
        let padding = String(repeating: "x", count: RunningHosts.fileLimit)
        let file = try plant("\(ownStart)\nserve\n\(config.path)\n" + padding)
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(!exists(file))
    }

    @Test(arguments: ["", "garbage", "\n\n\n", "12\nserve\n", "x\nserve\n/a\n", "1\nSERVE; rm\n/a\n", "1\nserve\nrelative.json\n"])
    func garbageIsStaleAndRemoved(_ text: String) throws {
        let file = try plant(text)
        #expect(RunningHosts.find(dataDirectory: data, config: nil).isEmpty)
        #expect(!exists(file))
    }

    @Test func somethingOtherThanARegularFileIsNotRead() throws {
        try FileManager.default.createDirectory(at: data.appendingPathComponent("run"), withIntermediateDirectories: true)
        let record = directory.file("elsewhere.txt")
        try Data("\(ownStart)\nserve\n\(config.path)\n".utf8).write(to: record)
        let link = data.appendingPathComponent("run/\(getpid()).host")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: record.path)
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(exists(record), "a link is removed, never what it points to")
        // A directory in a file's place is left as it is.
        let folder = data.appendingPathComponent("run/12345.host")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(exists(folder))
    }

    @Test func otherNamesInTheFolderAreLeftAlone() throws {
        let notes = try directory.write("keep", to: "data/run/notes.txt")
        let odd = try directory.write("keep", to: "data/run/abc.host")
        #expect(RunningHosts.find(dataDirectory: data, config: config).isEmpty)
        #expect(exists(notes) && exists(odd))
    }

    @Test func aReadOnlyDataDirectoryFailsWithAMessage() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        // A file where the run folder goes: works whoever runs the test (root ignores permissions).
        try directory.write("", to: "data/run")
        #expect(throws: RunningHostsError.self) { try RunningHosts.register(dataDirectory: data, config: config) }
    }

    @Test func theRecordRoundTripsAndTheStatLineParses() {
        let record = RunningHostRecord(startTime: 42, command: "serve", configPath: "/a b/c\u{00E9}.json")
        #expect(RunningHostRecord.parse(record.text) == record)
        #expect(RunningHostRecord.parse(RunningHostRecord(startTime: 1, command: "run", configPath: nil).text)?.configPath == nil)
        let line = "123 (feature host) (x)) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 98765 20 21\n"
        #expect(ProcessStat.parse(line) == ProcessStat(name: "feature host) (x)", startTime: 98765))
        #expect(ProcessStat.parse("123 (x) S 1 2") == nil)
        #expect(RunningHosts.pid(fromFileName: "123.host") == 123)
        for name in ["0.host", "1.host", "-5.host", "99999999999.host", ".host", "12.host.tmp", "１２.host"] {
            #expect(RunningHosts.pid(fromFileName: name) == nil, "\(name)")
        }
    }
}
