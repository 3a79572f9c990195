/// One scan (SOS) of a JPEG frame, baseline or progressive (T.81 Annex F and G.1.2): Huffman-decodes its
/// entropy-coded data into the frame's coefficients. A scan whose data runs out stops there (what came is
/// kept, as libjpeg does); a bad code is an error.
struct JPEGScan {
    struct Member {
        var component: Int
        var dcTable: JPEGHuffman?
        var acTable: JPEGHuffman?
    }

    var members: [Member]
    var spectralStart: Int
    var spectralEnd: Int
    var successiveHigh: Int
    var successiveLow: Int
    var restartInterval: Int
    /// A sequential scan: every end-of-block code ends one block (runs of blocks are progressive only).
    var sequential: Bool

    /// Zig-zag order: the position in a block of the k-th coefficient sent.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
        62, 63,
    ]

    private static func malformed(_ detail: String) -> ImageDecodingError { .malformed("JPEG", detail) }

    /// Decodes the entropy-coded data from `start`; returns where the reading stopped.
    func decode(_ data: [UInt8], from start: Int, into frame: inout JPEGFrame) throws(ImageDecodingError) -> Int {
        var bits = JPEGBits(data, from: start)
        var eobRun = 0
        for member in members { frame.components[member.component].dcPrediction = 0 }
        let single = members.count == 1
        let units: Int
        let unitsPerLine: Int
        if single {
            unitsPerLine = frame.components[members[0].component].scanBlocksPerLine
            units = unitsPerLine * frame.components[members[0].component].scanBlocksPerColumn
        } else {
            unitsPerLine = frame.mcusPerLine
            units = frame.mcusPerLine * frame.mcusPerColumn
        }
        var unit = 0
        while unit < units {
            if restartInterval > 0, unit > 0, unit % restartInterval == 0 {
                bits.restart()
                eobRun = 0
                for member in members { frame.components[member.component].dcPrediction = 0 }
            }
            if bits.ranOut {
                // The data ran out: nothing more is in this interval. Without restarts, nothing more at all.
                guard restartInterval > 0 else { break }
                unit = (unit / restartInterval + 1) * restartInterval
                continue
            }
            let row = unit / unitsPerLine
            let column = unit % unitsPerLine
            if single {
                let member = members[0]
                let blocksPerLine = frame.components[member.component].blocksPerLine
                try decodeBlock(
                    &frame.components[member.component], at: (row * blocksPerLine + column) * 64, member: member, bits: &bits,
                    eobRun: &eobRun)
            } else {
                for member in members {
                    // Only the numbers: a copy of the component would share its coefficients, and every write below
                    // would then copy them all.
                    let vertical = frame.components[member.component].vertical
                    let horizontal = frame.components[member.component].horizontal
                    let blocksPerLine = frame.components[member.component].blocksPerLine
                    for v in 0..<vertical {
                        for h in 0..<horizontal {
                            let blockRow = row * vertical + v
                            let blockColumn = column * horizontal + h
                            let offset = (blockRow * blocksPerLine + blockColumn) * 64
                            try decodeBlock(&frame.components[member.component], at: offset, member: member, bits: &bits, eobRun: &eobRun)
                        }
                    }
                }
            }
            unit += 1
        }
        return bits.position
    }

    private func decodeBlock(
        _ component: inout JPEGFrame.Component, at offset: Int, member: Member, bits: inout JPEGBits, eobRun: inout Int
    ) throws(ImageDecodingError) {
        do {
            if spectralStart == 0 {
                if successiveHigh == 0 {
                    guard let table = member.dcTable else { throw Self.malformed("a scan uses a DC table it did not define") }
                    let size = Int(try table.decode(&bits))
                    guard size <= 16 else { throw Self.malformed("a DC difference has \(size) bits") }
                    component.dcPrediction = component.dcPrediction &+ bits.signed(size)
                    component.coefficients[offset] = Int16(truncatingIfNeeded: component.dcPrediction &<< Int32(successiveLow))
                } else if bits.take(1) == 1 {
                    component.coefficients[offset] |= Int16(truncatingIfNeeded: 1 << successiveLow)
                }
                guard spectralEnd > 0 else { return }
                // A baseline (sequential) scan goes on with the AC coefficients of the same block.
            }
            guard let table = member.acTable else { throw Self.malformed("a scan uses an AC table it did not define") }
            if successiveHigh == 0 {
                try decodeACFirst(&component, at: offset, table: table, bits: &bits, eobRun: &eobRun)
            } else {
                try decodeACRefine(&component, at: offset, table: table, bits: &bits, eobRun: &eobRun)
            }
        } catch is JPEGHuffman.Invalid {
            throw Self.malformed("its entropy-coded data has an invalid Huffman code")
        } catch let error as ImageDecodingError {
            throw error
        } catch {
            throw Self.malformed("its entropy-coded data cannot be read")
        }
    }

    /// AC coefficients, first pass (or all of them, for a sequential scan): run lengths, values, and end-of-band
    /// runs that skip whole blocks.
    private func decodeACFirst(
        _ component: inout JPEGFrame.Component, at offset: Int, table: JPEGHuffman, bits: inout JPEGBits, eobRun: inout Int
    ) throws(JPEGHuffman.Invalid) {
        if eobRun > 0 {
            eobRun -= 1
            return
        }
        var k = max(spectralStart, 1)
        while k <= spectralEnd {
            let symbol = Int(try table.decode(&bits))
            let run = symbol >> 4
            let size = symbol & 15
            if size == 0 {
                if run < 15 {
                    if !sequential { eobRun = (1 << run) - 1 + bits.take(run) }
                    return
                }
                k += 16
                continue
            }
            k += run
            guard k < 64 else { return }
            let value = Int32(bits.signed(size)) &<< Int32(successiveLow)
            component.coefficients[offset + Self.zigzag[k]] = Int16(truncatingIfNeeded: value)
            k += 1
        }
    }

    /// AC refinement (G.1.2.3): one more bit for each coefficient already non-zero, new coefficients of ±1 in
    /// this bit, and end-of-band runs that still refine the non-zero ones they pass.
    private func decodeACRefine(
        _ component: inout JPEGFrame.Component, at offset: Int, table: JPEGHuffman, bits: inout JPEGBits, eobRun: inout Int
    ) throws(JPEGHuffman.Invalid) {
        let plus = Int32(1) << Int32(successiveLow)
        let minus = Int32(-1) &<< Int32(successiveLow)
        func refine(_ index: Int, bits: inout JPEGBits) {
            let current = Int32(component.coefficients[index])
            if bits.take(1) == 1, current & plus == 0 {
                component.coefficients[index] = Int16(truncatingIfNeeded: current + (current >= 0 ? plus : minus))
            }
        }
        var k = spectralStart
        if eobRun == 0 {
            while k <= spectralEnd {
                let symbol = Int(try table.decode(&bits))
                var run = symbol >> 4
                let size = symbol & 15
                var value: Int32 = 0
                if size != 0 {
                    value = bits.take(1) == 1 ? plus : minus
                } else if run != 15 {
                    eobRun = (1 << run) + bits.take(run)
                    break
                }
                // Past the coefficients already non-zero (refining each) and `run` zero ones, to the new one's place.
                while k <= spectralEnd {
                    let index = offset + Self.zigzag[k]
                    if component.coefficients[index] != 0 {
                        refine(index, bits: &bits)
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    k += 1
                }
                if value != 0, k <= spectralEnd {
                    component.coefficients[offset + Self.zigzag[k]] = Int16(truncatingIfNeeded: value)
                }
                k += 1
            }
        }
        if eobRun > 0 {
            while k <= spectralEnd {
                let index = offset + Self.zigzag[k]
                if component.coefficients[index] != 0 { refine(index, bits: &bits) }
                k += 1
            }
            eobRun -= 1
        }
    }
}
