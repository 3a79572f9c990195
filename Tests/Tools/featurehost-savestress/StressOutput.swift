import Foundation

/// The lines the test reads: written straight to the file descriptor, so a line is in the pipe the moment the
/// save it reports has returned (no stdio buffer for the kill to lose).
enum StressOutput {
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard result > 0 else { return }
            written += result
        }
    }
}
