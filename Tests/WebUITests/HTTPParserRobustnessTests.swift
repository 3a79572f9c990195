import FeatureHostCore
import Testing
import WebUI

/// Nothing the browser sends can crash the host: mutated and random input only ever yields a result.
@Suite struct HTTPParserRobustnessTests {
    static let seed = bytes("POST /a%20b?q=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nX: y\r\n\r\nbodyGET / HTTP/1.0\r\n\r\n")
    /// Bytes that matter to the grammar, so mutations hit interesting paths more often than random bytes.
    static let interesting: [UInt8] = bytes("\r\n :%/?0123456789-+,\tHTP.") + [0, 0x7F, 0x80, 0xC3, 0xFF]

    @Test func mutatedRequestsNeverTrap() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<3_000 {
            var input = Self.seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<input.count, using: &random)
                let byte = Self.interesting.randomElement(using: &random) ?? 0
                switch Int.random(in: 0..<3, using: &random) {
                case 0: input[index] = byte
                case 1: input.insert(byte, at: index)
                default: input.remove(at: index)
                }
            }
            let cut = Int.random(in: 0...input.count, using: &random)
            let whole = drain([input], headLimit: 64, bodyLimit: 8)
            #expect(drain([Array(input[..<cut]), Array(input[cut...])], headLimit: 64, bodyLimit: 8) == whole)
        }
    }

    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let input = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            for result in drain([input], headLimit: 128, bodyLimit: 16) {
                if case .error(let error) = result { #expect((400..<600).contains(error.status.code)) }
            }
        }
    }
}
