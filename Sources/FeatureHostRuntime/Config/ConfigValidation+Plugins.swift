import Foundation
import StrictJSON

extension ConfigValidation {
    static let pluginKeys = ["path", "isolation", "memoryLimitMiB"]
    /// A plugin's memory limit, in MiB: enough for a Swift process to start, and less than any machine has.
    static let memoryLimitRange = 32...65_536

    /// The `plugins` entries: a path, or `{"path": …, "memoryLimitMiB": N}`; paths resolved against the config's folder.
    /// Malformed entries are reported and left out. `isolation` may still say `"process"`, where every plugin runs;
    /// the in-process backend is gone, so a config that asks for it is told so rather than silently run otherwise.
    mutating func pluginConfigurations(in root: JSONValue) -> [PluginConfiguration] {
        guard let object = root.members, let value = object["plugins"] else { return [] }
        guard let items = value.elements else {
            report("plugins", "found \(describe(value)); allowed: an array of library paths or plugin objects.")
            return []
        }
        var plugins: [PluginConfiguration] = []
        for (index, item) in items.enumerated() {
            let path = "plugins[\(index)]"
            if let string = item.stringValue, !string.isEmpty {
                plugins.append(PluginConfiguration(file: resolve(string)))
            } else if let entry = item.members {
                if let plugin = pluginConfiguration(entry, path: path) { plugins.append(plugin) }
            } else {
                report(path, "found \(describe(item)); allowed: a path to a dynamic library, or an object with a \"path\".")
            }
        }
        return plugins
    }

    private mutating func pluginConfiguration(_ entry: [String: JSONValue], path: String) -> PluginConfiguration? {
        checkUnknownKeys(entry, allowed: Self.pluginKeys, path: path)
        var valid = true
        var plugin = PluginConfiguration(file: URL(fileURLWithPath: "/"))
        if let file = entry["path"]?.stringValue, !file.isEmpty {
            plugin.file = resolve(file)
        } else {
            report(
                "\(path).path",
                entry["path"].map { "found \(describe($0)); allowed: a path to a dynamic library." } ?? "the key is missing.")
            valid = false
        }
        if let raw = entry["isolation"], raw.stringValue != "process" {
            report("\(path).isolation", Self.isolationMessage(found: describe(raw), inProcess: raw.stringValue == "in-process"))
            valid = false
        }
        if let raw = entry["memoryLimitMiB"] {
            if let number = raw.numberValue, number.rounded() == number, Double(Self.memoryLimitRange.lowerBound) <= number,
                number <= Double(Self.memoryLimitRange.upperBound)
            {
                plugin.memoryLimitMiB = Int(number)
            } else {
                report(
                    "\(path).memoryLimitMiB",
                    "found \(describe(raw)); allowed: a whole number of MiB from \(Self.memoryLimitRange.lowerBound) to "
                        + "\(Self.memoryLimitRange.upperBound).")
                valid = false
            }
        }
        return valid ? plugin : nil
    }

    /// What a config that still names an isolation other than `"process"` is told.
    static func isolationMessage(found: String, inProcess: Bool) -> String {
        let reason =
            inProcess
            ? "the in-process backend was removed: every plugin runs in a featurehost-plugin-host process of its own."
            : "found \(found); allowed: \"process\" (every plugin runs in a featurehost-plugin-host process of its own)."
        return reason
            + " Remove the key; to debug a plugin, attach a debugger to its process (docs/writing-a-feature.md, \"Debugging a plugin\")."
    }
}
