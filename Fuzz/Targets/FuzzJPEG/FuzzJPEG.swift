import FuzzSupport
import ImageDecoding

/// The JPEG decoder (markers, Huffman and quantization tables, baseline and progressive scans, restarts, sampling,
/// colour): any bytes give pixels or an error, a picture within the limits with width × height × 4 bytes, the same
/// on a second decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    // A small pixel limit keeps one input under libFuzzer's 1 s timeout in a sanitized debug build on a busy
    // machine (an inverse DCT per block is most of the work); the checks are the same at any limit.
    let limits = DecodingLimits(maximumPixels: 1 << 14, maximumBytes: 1 << 20)
    // SOI is given, so the fuzzer spends its time past it.
    let bytes = [0xFF, 0xD8] + input.bytes
    guard let image = try? ImageDecoder.decode(bytes, limits: limits) else { return 0 }
    fuzzInvariant(image.width * image.height <= limits.maximumPixels, "a \(image.width)×\(image.height) picture past the limit")
    fuzzInvariant(image.pixels.count == image.width * image.height * 4, "\(image.pixels.count) bytes for \(image.width)×\(image.height)")
    fuzzInvariant((try? ImageDecoder.decode(bytes, limits: limits)) == image, "a second decode differs")
    return 0
}
