import CarNewsFeature
import ChatsFeature
import FeatureHostCore
import FeatureHostRuntime
import Foundation
import FuzzSupport
import InvitationsFeature
import OfferCountdownFeature
import TransactionsFeature

/// The five built-in features, so validation checks ids, sources and settings as the host does. Built once:
/// libFuzzer calls the entry point from one thread only.
nonisolated(unsafe) private let registry = FeatureRegistry([
    OfferCountdownFeature.self, CarNewsFeature.self, ChatsFeature.self, InvitationsFeature.self, TransactionsFeature.self,
])
nonisolated(unsafe) private let loader = ConfigLoader(registry: registry)
private let jsonFile = URL(fileURLWithPath: "/fuzz/featurehost.json")
private let plistFile = URL(fileURLWithPath: "/fuzz/featurehost.plist")

/// A config file (a plist when the bytes look like one, else JSON) through parsing and validation: a config,
/// or errors that each name the file and say what was wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let file = input.looksLikePropertyList ? plistFile : jsonFile
    do {
        _ = try loader.parse(input.data, file: file)
    } catch let errors as ConfigErrors {
        fuzzInvariant(!errors.issues.isEmpty, "ConfigErrors without an issue")
        for issue in errors.issues {
            fuzzInvariant(issue.file == file.path && !issue.message.isEmpty, "an issue that names no file or says nothing: \(issue)")
            // Never a huge value echoed whole (issue 24): each part of an issue stays within its limit.
            fuzzInvariant(issue.message.count <= TextLimit.message.maximumCharacters, "an issue message past its limit")
            fuzzInvariant(issue.path.count <= TextLimit.title.maximumCharacters, "an issue path past its limit")
        }
        // What is printed: at most 50 issues and one line counting the rest.
        let printed = errors.description.split(separator: "\n", omittingEmptySubsequences: false).count
        fuzzInvariant(
            printed <= ConfigErrors.printedIssues + 1 || errors.issues.contains { $0.message.contains("\n") },
            "\(printed) lines printed for \(errors.issues.count) issues")
    } catch {
        fuzzInvariant(false, "an error that is not a ConfigErrors: \(error)")
    }
    return 0
}
