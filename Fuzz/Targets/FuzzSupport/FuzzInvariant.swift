import Foundation

/// Fails the run when a property the parser promises does not hold: libFuzzer sees the abort and saves the
/// input as a finding. (A thrown error is never a finding: refusing bad input is the parsers' job.)
public func fuzzInvariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("fuzz invariant broken: \(message())\n".utf8))
    abort()
}
