import FeatureHostCore

/// The seam through which a terminal scene gets pictures: the shell lends it (decoding and scaling happen
/// there, off the main actor, cached per size), and a scene draws what it answers. A scene made without one draws
/// its placeholders. View states only name images (`ImageState.loaded(reference)`); they never carry pixels.
@MainActor
public protocol TerminalPictures: AnyObject {
    /// How this terminal shows pictures; `.off` when it does not (scenes then keep their placeholders and layout).
    var mode: PictureMode { get }
    /// `image` cropped to fill `cells`, to be drawn in `shape`. `.pending` the first time: the picture is decoded off
    /// the main actor, and its end is a change the render that asked observes (the shell then draws again).
    func picture(_ image: ImageReference, cells: Size, shape: PictureShape) -> PictureLookup
}

extension TerminalPictures {
    /// A rectangular picture.
    public func picture(_ image: ImageReference, cells: Size) -> PictureLookup { picture(image, cells: cells, shape: .rectangle) }
}

/// What `TerminalPictures` has for an image at a size.
public enum PictureLookup: Sendable, Equatable {
    case ready(Picture)
    /// Being decoded: draw the placeholder for now.
    case pending
    /// Not a picture this host can draw (a GIF, a damaged file, pictures off): why, in words.
    case failed(String)
}

/// What the shell lends a scene besides its feature.
@MainActor
public struct TerminalSurface {
    public var pictures: (any TerminalPictures)?

    public init(pictures: (any TerminalPictures)? = nil) { self.pictures = pictures }

    /// Nothing lent: placeholders (text snapshots, tests of a scene on its own).
    public static var plain: TerminalSurface { TerminalSurface() }
}
