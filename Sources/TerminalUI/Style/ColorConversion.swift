/// Nearest-colour matching for terminals without 24-bit colour.
public enum ColorConversion {
    /// The 6×6×6 cube levels of the xterm 256-colour palette.
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm 256-colour index (16...255: the colour cube or the grey ramp).
    public static func ansi256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red)
        let g = Int(green)
        let b = Int(blue)
        let ri = nearestCubeIndex(r)
        let gi = nearestCubeIndex(g)
        let bi = nearestCubeIndex(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        // The grey ramp 232...255 is 8, 18, ..., 238; pick the step nearest the mean.
        let mean = (r + g + b) / 3
        let greyStep = min(max((mean - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyStep
        let cubeDistance = distance((r, g, b), cube)
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The nearest of the sixteen ANSI colours, measured against xterm's default palette.
    public static func ansi16(red: UInt8, green: UInt8, blue: UInt8) -> ANSIColor {
        let target = (Int(red), Int(green), Int(blue))
        var best = ANSIColor.black
        var bestDistance = Int.max
        for color in ANSIColor.allCases {
            let c = color.components
            let d = distance(target, (Int(c.red), Int(c.green), Int(c.blue)))
            if d < bestDistance {
                best = color
                bestDistance = d
            }
        }
        return best
    }

    private static func nearestCubeIndex(_ value: Int) -> Int {
        // Levels are 0, then 95 + 40k; the midpoints are 48, 115, 155, 195, 235.
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min((value - 35) / 40, 5)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}

extension ColorConversion {
    /// The colour xterm shows for a 256-colour index: the sixteen, the 6×6×6 cube, then the grey ramp.
    public static func rgb(ansi256 index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let value = Int(index)
        if value < 16 { return ANSIColor(rawValue: index)?.components ?? (0, 0, 0) }
        if value >= 232 {
            let grey = UInt8(8 + 10 * (value - 232))
            return (grey, grey, grey)
        }
        let cube = value - 16
        let levels = [0, 95, 135, 175, 215, 255]
        return (UInt8(levels[cube / 36]), UInt8(levels[cube / 6 % 6]), UInt8(levels[cube % 6]))
    }
}

extension Color {
    /// The colour a terminal in `mode` shows for this one, as the renderer encodes it: RGB as is, or the
    /// nearest palette colour; nil without colour (the terminal's default).
    public func shown(in mode: ColorMode) -> Color? {
        switch (self, mode) {
        case (_, .none): return nil
        case (.ansi, _), (.rgb, .trueColor): return self
        case (.rgb(let r, let g, let b), .ansi256):
            let c = ColorConversion.rgb(ansi256: ColorConversion.ansi256(red: r, green: g, blue: b))
            return .rgb(c.red, c.green, c.blue)
        case (.rgb(let r, let g, let b), .ansi16): return .ansi(ColorConversion.ansi16(red: r, green: g, blue: b))
        }
    }
}
