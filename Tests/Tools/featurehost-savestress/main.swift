import Foundation

// featurehost-savestress: saves one kind of the host's persistent state in a loop, the way the host saves it, so a
// test can kill it (SIGKILL) at random moments and then check, in a new process, that the next start reads
// either the old or the new data. Not a product: only the crash-save tests run it.
//
//   featurehost-savestress save <kind> <dataDir> <generation>
//       Writes generation 0 first when <generation> is 0, prints "ready", then saves generation+1, +2, … forever,
//       printing "begin N" before and "committed N" after each save.
//   featurehost-savestress read <kind> <dataDir> <candidate>...
//       Opens the data the way the host does at start and prints "generation N" when it holds exactly one of the
//       candidates (exit 0), or "damaged: …" saying what it found instead (exit 2).

let usage = "usage: featurehost-savestress save|read <kind> <dataDir> <generation>... (kinds: \(SaveKind.names))"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let words = Array(CommandLine.arguments.dropFirst())
guard words.count >= 4, let kind = SaveKind(rawValue: words[1]) else { fail(usage, status: 64) }
let generations = words.dropFirst(3).compactMap(Int.init)
guard generations.count == words.count - 3, generations.allSatisfy({ $0 >= 0 }) else {
    fail("the generations must be whole numbers ≥ 0, found \(words.dropFirst(3).joined(separator: " ")); \(usage)", status: 64)
}
let saver: any GenerationSaver
do {
    saver = try kind.saver(dataDirectory: URL(fileURLWithPath: words[2], isDirectory: true))
} catch {
    fail("cannot open the \(kind.rawValue) data under \(words[2]): \(error)", status: 1)
}

switch words[0] {
case "save":
    guard generations.count == 1, let start = generations.first else { fail(usage, status: 64) }
    do {
        if start == 0 { try await saver.save(generation: 0) }
        StressOutput.line("ready")
        var generation = start
        while true {
            generation += 1
            StressOutput.line("begin \(generation)")
            try await saver.save(generation: generation)
            StressOutput.line("committed \(generation)")
        }
    } catch {
        fail("saving \(kind.rawValue) failed: \(error)", status: 1)
    }
case "read":
    switch await saver.read(candidates: generations) {
    case .generation(let generation):
        StressOutput.line("generation \(generation)")
    case .damaged(let what):
        StressOutput.line("damaged: \(what)")
        exit(2)
    }
default:
    fail(usage, status: 64)
}
