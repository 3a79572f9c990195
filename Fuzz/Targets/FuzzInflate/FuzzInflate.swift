import FuzzSupport
import ImageDecoding

/// The inflater on its own, raw and zlib-wrapped: any bytes give output within the cap or an error, the same
/// output twice, and a zlib stream that inflates has the output its raw data gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let cap = 1 << 20
    if let raw = try? Inflate.raw(input.bytes, maximumOutput: cap) {
        fuzzInvariant(raw.output.count <= cap, "\(raw.output.count) bytes past the cap")
        fuzzInvariant(raw.end <= input.bytes.count, "ended at \(raw.end) of \(input.bytes.count)")
        fuzzInvariant((try? Inflate.raw(input.bytes, maximumOutput: cap))?.output == raw.output, "a second inflate differs")
    }
    if let output = try? Inflate.zlib(input.bytes, maximumOutput: cap) {
        fuzzInvariant(output.count <= cap, "\(output.count) bytes past the cap")
        fuzzInvariant((try? Inflate.raw(input.bytes, from: 2, maximumOutput: cap))?.output == output, "zlib and raw disagree")
    }
    return 0
}
