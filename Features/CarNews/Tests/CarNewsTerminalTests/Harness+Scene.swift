import CarNewsFeature
import CarNewsFixtures
import CarNewsTerminal
import FeatureHostCore
import TerminalUI

extension Harness {
    /// The feature's scene, shown the way the shell shows it: the scene is made, then the feature appears.
    /// - Parameter pictures: lent as the shell lends them; nil, the scene alone (placeholders).
    func scene(_ source: SourceConfiguration, pictures: (any TerminalPictures)? = nil) throws -> any TerminalScene {
        let feature = try feature(source)
        let scene = pictures.map { feature.makeScene(surface: TerminalSurface(pictures: $0)) } ?? feature.makeScene()
        feature.handle(.appear)
        return scene
    }
}
