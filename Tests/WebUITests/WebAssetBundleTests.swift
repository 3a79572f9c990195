import Foundation
import Testing
import WebUI

/// How a plugin ships its CSS: a file of its resource bundle, found beside its library, and a missing bundle or
/// file is a 500 naming it, never a crash.
@Suite struct WebAssetBundleTests {
    @Test func aFileOfABundleBesideTheLibraryIsRead() throws {
        let asset = WebAsset(resource: "featurehost.css", inBundleNamed: "FeatureHost_WebUI")
        guard case .success(let bytes) = asset.contents else {
            Issue.record("featurehost.css was not read: \(asset.contents)")
            return
        }
        #expect(!bytes.isEmpty)
        #expect(asset.contentType == "text/css; charset=utf-8")
        #expect(asset.isStylesheet)
    }

    @Test func aMissingBundleOrFileIsAFailureThatNamesIt() throws {
        let noBundle = WebAsset(resource: "plugin.css", inBundleNamed: "MyPlugin_MyPlugin")
        guard case .failure(let failure) = noBundle.contents else {
            Issue.record("a missing bundle was read")
            return
        }
        #expect(failure.description.hasPrefix("plugin.css is missing: there is no MyPlugin_MyPlugin.resources beside "))
        let noFile = WebAsset(resource: "absent.css", inBundleNamed: "FeatureHost_WebUI")
        guard case .failure(let missing) = noFile.contents else {
            Issue.record("a missing file was read")
            return
        }
        #expect(missing.description.hasPrefix("absent.css is missing from FeatureHost_WebUI"))
    }
}
