/// 128 random bits as 32 lowercase hex digits: the run's token and session ids. `SystemRandomNumberGenerator`
/// reads the kernel's CSPRNG (getrandom on Linux), so nothing here is guessable.
public enum RandomToken {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
