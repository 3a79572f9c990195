import FuzzSupport
import ImageDecoding

/// The PNG decoder (chunks, CRCs, inflate, filters, Adam7, palettes): any bytes give pixels or an error, a picture
/// within the limits with exactly its width × height × 4 bytes, the same on a second decode, and one that scales.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    // Small limits keep one input under libFuzzer's 1 s timeout in a sanitized build; the checks are the same.
    let limits = DecodingLimits(maximumPixels: 1 << 16, maximumBytes: 1 << 20)
    // The signature is given, so the fuzzer spends its time past it.
    let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + input.bytes
    // Checksums off, so mutated chunks reach the inflater, filters and pixels; a checked decode must agree or refuse.
    let checked = try? ImageDecoder.decode(bytes, limits: limits)
    guard let image = try? ImageDecoder.decode(bytes, limits: limits, verifyingChecksums: false) else {
        fuzzInvariant(checked == nil, "a picture with checksums checked, none without")
        return 0
    }
    fuzzInvariant(checked == nil || checked == image, "checking the checksums changed the picture")
    fuzzInvariant(image.width * image.height <= limits.maximumPixels, "a \(image.width)×\(image.height) picture past the limit")
    fuzzInvariant(image.pixels.count == image.width * image.height * 4, "\(image.pixels.count) bytes for \(image.width)×\(image.height)")
    fuzzInvariant((try? ImageDecoder.decode(bytes, limits: limits, verifyingChecksums: false)) == image, "a second decode differs")
    let scaled = PixelScaling.scaled(image, width: 1 + Int(input.bytes.first ?? 0) % 48, height: 1 + Int(input.bytes.last ?? 0) % 48)
    fuzzInvariant(scaled.pixels.count == scaled.width * scaled.height * 4, "a scaled picture of the wrong size")
    return 0
}
