import FeatureHostCore
import Foundation
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A plugin's files are found beside its own library, never by trapping: `ResourceBundle` looks beside the binary
/// that holds the caller's code, then beside the main executable.
@Suite struct ResourceBundleTests {
    @Test func theCallersBinaryIsTheTestExecutableAndABundleBesideItIsFound() throws {
        let binary = try #require(ResourceBundle.imageFile(containing: #dsohandle))
        #expect(FileManager.default.fileExists(atPath: binary.path))
        // SwiftPM puts every target's resources beside the products, so WebUI's are beside the test binary.
        let bundle = try #require(ResourceBundle.named("FeatureHost_WebUI"))
        #expect(bundle.bundleURL.deletingLastPathComponent() == binary.deletingLastPathComponent())
        #expect(bundle.url(forResource: "featurehost", withExtension: "js") != nil)
    }

    @Test func aMissingBundleIsNilNotATrap() {
        #expect(ResourceBundle.named("NoSuchPackage_NoSuchTarget") == nil)
    }

    /// A shared library's own file, not the executable's: the C library's `malloc` lives in libc.
    @Test func anAddressInASharedLibraryNamesThatLibrary() throws {
        // libc's own malloc: under a sanitizer, the executable's interceptor answers a lookup in the global scope.
        #if canImport(Glibc)
            let handle = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD)
        #else
            let handle = dlopen(nil, RTLD_NOW)
        #endif
        let malloc = try #require(dlsym(handle, "malloc"))
        let file = try #require(ResourceBundle.imageFile(containing: UnsafeRawPointer(malloc)))
        #expect(file.lastPathComponent.hasPrefix("libc") || file.lastPathComponent.hasPrefix("libsystem"), "\(file.path)")
    }
}
