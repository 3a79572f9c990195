import Foundation
import ImageDecoding

/// Sends a frame's picture placements to a terminal that shows pixels, after its cells:
/// - kitty graphics: each picture (per size) transmitted once as RGBA under an id, then placed at its cells, cut to
///   the visible part; when the placements change, all are taken down and the new ones put up. Every command asks
///   for no reply (`q=2`), so nothing comes back on the input. On leaving, the pictures are freed.
/// - iTerm2 inline images: the visible part of each picture as a PNG; the image becomes part of the cells it covers,
///   so a change of placements redraws the whole screen first (`needsFullRedraw`).
struct PixelProtocolWriter: Sendable {
    enum Kind: Sendable, Equatable {
        case kitty
        case iTerm2
    }

    let kind: Kind
    /// kitty: the ids whose pixels the terminal holds.
    private var transmitted: Set<UInt32> = []
    /// kitty: past this many held pictures, all are freed and sent again as needed (the terminal's memory is finite).
    static let maximumHeld = 64

    init(kind: Kind) { self.kind = kind }

    init?(mode: PictureMode) {
        switch mode {
        case .kitty: self.init(kind: .kitty)
        case .iTerm2: self.init(kind: .iTerm2)
        case .off, .halfBlocks: return nil
        }
    }

    /// Whether going from `shown` to `next` needs the cells drawn in full first (iTerm2: images are cells).
    func needsFullRedraw(from shown: [PicturePlacement]?, to next: [PicturePlacement]) -> Bool {
        kind == .iTerm2 && shown != nil && shown != next && !(shown?.isEmpty == true && next.isEmpty)
    }

    /// The escapes that take `shown` down (nil: unknown, after a full redraw) and put `next` up.
    mutating func append(from shown: [PicturePlacement]?, to next: [PicturePlacement], into buffer: inout ANSIBuffer) {
        if let shown, shown == next { return }
        switch kind {
        case .kitty:
            if shown?.isEmpty != true { buffer.append(Self.kitty("a=d,d=a,q=2")) }
            if transmitted.count > Self.maximumHeld {
                buffer.append(Self.kitty("a=d,d=A,q=2"))
                transmitted = []
            }
            for placement in next { appendKitty(placement, into: &buffer) }
        case .iTerm2:
            for placement in next { appendITerm2(placement, into: &buffer) }
        }
    }

    /// What leaving the screen sends: kitty frees every picture it holds for us.
    mutating func leave() -> String {
        guard kind == .kitty, !transmitted.isEmpty else { return "" }
        transmitted = []
        return Self.kitty("a=d,d=A,q=2")
    }

    private mutating func appendKitty(_ placement: PicturePlacement, into buffer: inout ANSIBuffer) {
        guard let fine = placement.picture.fine, fine.width > 0, fine.height > 0 else { return }
        let id = Self.id(of: placement.picture)
        if transmitted.insert(id).inserted {
            let data = Data(fine.pixels).base64EncodedString()
            var offset = data.startIndex
            var first = true
            while offset < data.endIndex {
                let end = data.index(offset, offsetBy: 4096, limitedBy: data.endIndex) ?? data.endIndex
                let more = end < data.endIndex ? 1 : 0
                let keys = first ? "a=t,f=32,s=\(fine.width),v=\(fine.height),i=\(id),q=2,m=\(more)" : "m=\(more),q=2"
                buffer.append(Self.kitty(keys, payload: String(data[offset..<end])))
                offset = end
                first = false
            }
        }
        let crop = Self.crop(placement, fine: fine)
        buffer.moveCursor(x: placement.visible.x, y: placement.visible.y)
        buffer.append(
            Self.kitty(
                "a=p,i=\(id),x=\(crop.x),y=\(crop.y),w=\(crop.width),h=\(crop.height),c=\(placement.visible.width),"
                    + "r=\(placement.visible.height),C=1,q=2"))
    }

    private func appendITerm2(_ placement: PicturePlacement, into buffer: inout ANSIBuffer) {
        guard let fine = placement.picture.fine, fine.width > 0, fine.height > 0 else { return }
        let crop = Self.crop(placement, fine: fine)
        guard crop.width > 0, crop.height > 0 else { return }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(crop.width * crop.height * 4)
        for y in crop.y..<(crop.y + crop.height) {
            let start = (y * fine.width + crop.x) * 4
            pixels.append(contentsOf: fine.pixels[start..<(start + crop.width * 4)])
        }
        let png = PNGEncoder.encode(DecodedImage(width: crop.width, height: crop.height, pixels: pixels, format: .scaled))
        buffer.moveCursor(x: placement.visible.x, y: placement.visible.y)
        buffer.append(
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(placement.visible.width);height=\(placement.visible.height);"
                + "preserveAspectRatio=0;doNotMoveCursor=1:\(Data(png).base64EncodedString())\u{07}")
    }

    /// The visible cells of a placement as a rectangle of its fine pixels.
    static func crop(_ placement: PicturePlacement, fine: DecodedImage) -> Rect {
        let cells = placement.picture.cells
        let columnPixels = Double(fine.width) / Double(max(cells.width, 1))
        let rowPixels = Double(fine.height) / Double(max(cells.height, 1))
        let left = Int((Double(placement.visible.x - placement.origin.x) * columnPixels).rounded())
        let top = Int((Double(placement.visible.y - placement.origin.y) * rowPixels).rounded())
        let right = min(Int((Double(placement.visible.maxX - placement.origin.x) * columnPixels).rounded()), fine.width)
        let bottom = min(Int((Double(placement.visible.maxY - placement.origin.y) * rowPixels).rounded()), fine.height)
        return Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// A stable id for a picture at a size (kitty ids are 32-bit, not 0): FNV-1a of its key and cells.
    static func id(of picture: Picture) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in "\(picture.key) \(picture.cells.width)x\(picture.cells.height) \(picture.fine?.width ?? 0)".utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return hash == 0 ? 1 : hash & 0x7FFF_FFFF | 1
    }

    static func kitty(_ keys: String, payload: String = "") -> String {
        payload.isEmpty ? "\u{1B}_G\(keys)\u{1B}\\" : "\u{1B}_G\(keys);\(payload)\u{1B}\\"
    }
}
