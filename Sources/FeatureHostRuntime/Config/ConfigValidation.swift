import FeatureHostCore
import Foundation
import StrictJSON

/// One pass over a parsed config that records every problem instead of stopping at the first.
struct ConfigValidation {
    let file: URL
    let registry: FeatureRegistry
    let failedPlugins: [URL]
    private(set) var issues: [ConfigIssue] = []
    /// Entries left out because their id is unknown while a plugin failed to load.
    private(set) var skipped: [HostConfig.Skipped] = []

    init(file: URL, registry: FeatureRegistry, failedPlugins: [URL] = []) {
        self.file = file
        self.registry = registry
        self.failedPlugins = failedPlugins
    }

    private var baseDirectory: URL { file.deletingLastPathComponent() }

    mutating func validate(_ root: JSONValue) -> HostConfig? {
        guard let object = root.members else {
            report("", "the top level must be an object with a \"features\" array, found \(describe(root)).")
            return nil
        }
        checkUnknownKeys(object, allowed: ConfigLoader.topKeys, path: "")
        let plugins = pluginConfigurations(in: root)
        guard let features = object["features"] else {
            report("features", "the key is missing; it lists the features to run, e.g. [{\"id\": \"chats\"}].")
            return nil
        }
        guard let list = features.elements else {
            report("features", "found \(describe(features)); allowed: an array of objects.")
            return nil
        }
        var entries: [HostConfig.Entry] = []
        var firstIndex: [FeatureID: Int] = [:]
        for (index, item) in list.enumerated() {
            let path = "features[\(index)]"
            guard let entry = validateEntry(item, path: path) else { continue }
            if let first = firstIndex[entry.id] {
                report("\(path).id", "\"\(entry.id)\" is already configured at features[\(first)]; each feature appears once.")
                continue
            }
            firstIndex[entry.id] = index
            entries.append(entry)
        }
        return HostConfig(
            file: file, entries: entries, plugins: plugins.map(\.file), skipped: skipped, localeSettings: localeSettings(in: object),
            pluginConfigurations: plugins)
    }

    private mutating func validateEntry(_ item: JSONValue, path: String) -> HostConfig.Entry? {
        guard let object = item.members else {
            report(path, "found \(describe(item)); allowed: an object with an \"id\".")
            return nil
        }
        checkUnknownKeys(object, allowed: ConfigLoader.featureKeys, path: path)
        guard let rawID = object["id"] else {
            report(path, "the key \"id\" is missing; known ids: \(knownIDs).")
            return nil
        }
        guard let idString = rawID.stringValue else {
            report("\(path).id", "found \(describe(rawID)); allowed: a feature id string, one of \(knownIDs).")
            return nil
        }
        let id = FeatureID(idString)
        let descriptor = registry.descriptor(for: id)
        if descriptor == nil, !failedPlugins.isEmpty {
            // The id may belong to a plugin that failed: leave the entry out, so the rest still run.
            let names = failedPlugins.map(\.lastPathComponent).joined(separator: ", ")
            let issue = ConfigIssue(
                file: file.path, path: "\(path).id",
                message:
                    "unknown feature \(quoted(idString)); it may come from the plugin that failed to load (\(names)); known ids: \(knownIDs)."
            )
            skipped.append(HostConfig.Skipped(id: id, issue: issue))
            return nil
        }
        if descriptor == nil {
            var message = "unknown feature \(quoted(idString))"
            if let near = NearestName.suggestion(for: idString, among: registry.ids.map(\.rawValue)) {
                message += " (did you mean \"\(near)\"?)"
            }
            report("\(path).id", message + "; known ids: \(knownIDs).")
        }
        var enabled = true
        if let value = object["enabled"] {
            if let bool = value.boolValue {
                enabled = bool
            } else {
                report("\(path).enabled", "found \(describe(value)); allowed: true or false.")
            }
        }
        var source: SourceConfiguration?
        if let value = object["source"] {
            source = validateSource(value, path: "\(path).source", manifest: descriptor?.manifest)
        }
        var settings: [String: SettingValue] = [:]
        if let value = object["settings"] {
            if let dictionary = value.members {
                for (key, raw) in dictionary.sorted(by: { $0.key < $1.key }) {
                    let value = settingValue(raw)
                    settings[key] = value
                    if let declaration = descriptor?.manifest.setting(key) {
                        // The check the feature makes when it reads the value, so validate and start agree.
                        if declaration.problem(with: value) != nil {
                            report("\(path).settings.\(key)", "found \(Self.describe(value)); allowed: \(declaration.type.allowed).")
                        }
                    } else if let manifest = descriptor?.manifest {
                        var message = "unknown setting for \(id)"
                        if let near = NearestName.suggestion(for: key, among: manifest.settingsKeys) {
                            message += "; did you mean \"\(near)\"?"
                        } else {
                            message +=
                                "; allowed: " + (manifest.settingsKeys.isEmpty ? "none" : manifest.settingsKeys.joined(separator: ", "))
                                + "."
                        }
                        report("\(path).settings.\(key)", message)
                    }
                }
            } else {
                report("\(path).settings", "found \(describe(value)); allowed: an object.")
            }
        }
        guard descriptor != nil else { return nil }
        return HostConfig.Entry(id: id, enabled: enabled, source: source, settings: settings)
    }

    private mutating func validateSource(_ value: JSONValue, path: String, manifest: FeatureManifest?) -> SourceConfiguration? {
        guard let object = value.members else {
            report(path, "found \(describe(value)); allowed: an object with a \"kind\".")
            return nil
        }
        checkUnknownKeys(object, allowed: ConfigLoader.sourceKeys, path: path)
        let allKinds = SourceKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let rawKind = object["kind"] else {
            report(path, "the key \"kind\" is missing; allowed kinds: \(allKinds).")
            return nil
        }
        guard let kindString = rawKind.stringValue, let kind = SourceKind(rawValue: kindString) else {
            report("\(path).kind", "found \(describe(rawKind)); allowed: \(allKinds).")
            return nil
        }
        var valid = true
        if let manifest, !manifest.acceptedSources.contains(kind) {
            let accepted = manifest.acceptedSources.map(\.rawValue).joined(separator: ", ")
            report(
                "\(path).kind",
                "\"\(kindString)\" is not accepted by \(manifest.id); allowed: \(accepted.isEmpty ? "none (it has no data source)" : accepted)."
            )
            valid = false
        }
        var configuration = SourceConfiguration(kind: kind)
        if let rawPath = object["path"] {
            if !kind.readsFile {
                report("\(path).path", "applies only to the plist and json-file kinds, not \(kindString).")
                valid = false
            } else if let string = rawPath.stringValue, !string.isEmpty {
                let file = resolve(string)
                if let problem = Self.fileProblem(file) {
                    report("\(path).path", "\(quoted(string)) \(problem) (\(TextLimit.title.apply(file.path))).")
                    valid = false
                } else {
                    configuration.path = file
                }
            } else {
                report("\(path).path", "found \(describe(rawPath)); allowed: a file path, relative to the config file.")
                valid = false
            }
        } else if let manifest, manifest.acceptedSources.contains(kind), !manifest.hasSample(for: kind) {
            if kind.readsFile {
                report("\(path).path", "required: \(manifest.id) has no bundled \(kindString) sample to read instead.")
            } else {
                report(
                    "\(path).kind",
                    "\"\(kindString)\" serves a bundled sample, and \(manifest.id) has none; allowed: \(sampleKinds(manifest)).")
            }
            valid = false
        }
        if let rawURL = object["url"] {
            if kind != .http {
                report("\(path).url", "applies only to the http kind, not \(kindString).")
                valid = false
            } else if let string = rawURL.stringValue, let url = URL(string: string) {
                if let violation = URLPolicy.violation(of: url) {
                    report("\(path).url", "\(quoted(string)) \(violation).")
                    valid = false
                } else {
                    configuration.url = url
                }
            } else {
                report("\(path).url", "found \(describe(rawURL)); allowed: an https URL.")
                valid = false
            }
        } else if kind == .http {
            report("\(path).url", "required for the http kind.")
            valid = false
        }
        if let rawTimeout = object["timeout"] {
            let range = SourceConfiguration.timeoutRange
            if let number = rawTimeout.numberValue, range.contains(number) {
                configuration.timeout = number
            } else {
                let allowed =
                    "a number of seconds from \(SettingValue.number(range.lowerBound)) to \(SettingValue.number(range.upperBound))"
                report("\(path).timeout", "found \(describe(rawTimeout)); allowed: \(allowed).")
                valid = false
            }
        }
        if let rawFormat = object["format"] {
            valid = validateFormat(rawFormat, kind: kind, path: "\(path).format", into: &configuration, manifest: manifest) && valid
        }
        if let rawCache = object["cache"] {
            if let bool = rawCache.boolValue {
                configuration.cache = bool
            } else {
                report("\(path).cache", "found \(describe(rawCache)); allowed: true or false.")
                valid = false
            }
        }
        return valid ? configuration : nil
    }

    /// `source.format`: how an `http` reply is read, overriding its `Content-Type`; a file's kind already says it.
    private mutating func validateFormat(
        _ raw: JSONValue, kind: SourceKind, path: String, into configuration: inout SourceConfiguration, manifest: FeatureManifest?
    ) -> Bool {
        guard kind == .http else {
            report(path, "applies only to the http kind, not \(kind.rawValue) (its kind says the file's format).")
            return false
        }
        let allowed = PayloadFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let string = raw.stringValue, let format = PayloadFormat(rawValue: string) else {
            report(path, "found \(describe(raw)); allowed: \(allowed).")
            return false
        }
        // A feature whose decoder reads no property list accepts no plist source: its reply must be JSON.
        if format == .plist, let manifest, !manifest.acceptedSources.contains(.plist) {
            report(path, "\"plist\" is not read by \(manifest.id), which accepts no plist source; allowed: json.")
            return false
        }
        configuration.format = format
        return true
    }

    // MARK: - Helpers

    /// Why a configured data file cannot be read, or `nil`: the check the feature's first load would fail on.
    private static func fileProblem(_ file: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { return "does not exist" }
        if isDirectory.boolValue { return "is a folder, not a file" }
        return FileManager.default.isReadableFile(atPath: file.path) ? nil : "cannot be read"
    }

    /// The kinds a feature can run with no path: http, and those it has a sample for.
    private func sampleKinds(_ manifest: FeatureManifest) -> String {
        let kinds = manifest.acceptedSources.filter { manifest.hasSample(for: $0) }.map(\.rawValue)
        return kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
    }

    private var knownIDs: String { registry.ids.isEmpty ? "none" : registry.ids.map(\.rawValue).sorted().joined(separator: ", ") }

    func resolve(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return baseDirectory.appendingPathComponent(expanded).standardizedFileURL
    }

    mutating func checkUnknownKeys(_ object: [String: JSONValue], allowed: [String], path: String) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            var message = "unknown key"
            if let near = NearestName.suggestion(for: key, among: allowed) {
                message += "; did you mean \"\(near)\"?"
            } else {
                message += "; allowed: \(allowed.joined(separator: ", "))."
            }
            report(path.isEmpty ? key : "\(path).\(key)", message)
        }
    }

    mutating func report(_ path: String, _ message: String) {
        issues.append(ConfigIssue(file: file.path, path: path, message: message))
    }

    private func settingValue(_ value: JSONValue) -> SettingValue {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(settingValue))
        case .object(let members): .object(Dictionary(members.map { ($0.key, settingValue($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }

    /// What was found, as a message quotes it: never more than `TextLimit.excerpt` of a huge value.
    func describe(_ value: JSONValue) -> String {
        Self.describe(settingValue(value))
    }

    static func describe(_ value: SettingValue) -> String {
        if case .string(let text) = value { return "\"" + TextLimit.excerpt.apply(text) + "\"" }
        return TextLimit.excerpt.apply(value.description)
    }

    /// A string from the file in quotes, cut like `describe`.
    func quoted(_ text: String) -> String {
        "\"" + TextLimit.excerpt.apply(text) + "\""
    }
}
