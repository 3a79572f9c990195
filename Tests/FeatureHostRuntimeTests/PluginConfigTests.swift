import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

/// The config's `plugins` entries: a path, or an object with the path, where the plugin runs and its memory limit;
/// each mistake named with its key path, as `validate` prints it.
@Suite struct PluginConfigTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func load(_ json: String) throws -> HostConfig {
        try ConfigLoader(registry: FeatureRegistry([])).load(try directory.write(json, to: "featurehost.json"))
    }

    func issues(_ json: String) -> [String] {
        do {
            _ = try load(json)
            return []
        } catch let errors as ConfigErrors {
            return errors.issues.map { $0.description.replacingOccurrences(of: directory.url.path + "/", with: "") }
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    @Test func anEntryIsAPathOrAnObject() throws {
        let config = try load(
            #"""
            { "features": [],
              "plugins": ["libA.so", { "path": "plugins/libB.so" }, { "path": "/abs/libC.so", "memoryLimitMiB": 256 },
                          { "path": "libD.so", "isolation": "process", "memoryLimitMiB": 32 }] }
            """#)
        #expect(
            config.pluginConfigurations == [
                PluginConfiguration(file: directory.file("libA.so").standardizedFileURL),
                PluginConfiguration(file: directory.file("plugins/libB.so").standardizedFileURL),
                PluginConfiguration(file: URL(fileURLWithPath: "/abs/libC.so"), memoryLimitMiB: 256),
                PluginConfiguration(file: directory.file("libD.so").standardizedFileURL, memoryLimitMiB: 32),
            ])
        #expect(config.plugins == config.pluginConfigurations.map(\.file))
        #expect(ConfigLoader.pluginConfigurations(in: directory.file("featurehost.json")) == config.pluginConfigurations)
    }

    @Test(arguments: [
        (#"{"features":[], "plugins":[{}]}"#, #"featurehost.json: plugins[0].path: the key is missing."#),
        (
            #"{"features":[], "plugins":[{"path":""}]}"#,
            #"featurehost.json: plugins[0].path: found ""; allowed: a path to a dynamic library."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","isolation":"thread"}]}"#,
            #"featurehost.json: plugins[0].isolation: found "thread"; allowed: "process" (every plugin runs in a featurehost-plugin-host process of its own). Remove the key; to debug a plugin, attach a debugger to its process (docs/writing-a-feature.md, "Debugging a plugin")."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","isolation":"in-process"}]}"#,
            #"featurehost.json: plugins[0].isolation: the in-process backend was removed: every plugin runs in a featurehost-plugin-host process of its own. Remove the key; to debug a plugin, attach a debugger to its process (docs/writing-a-feature.md, "Debugging a plugin")."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimitMiB":8}]}"#,
            #"featurehost.json: plugins[0].memoryLimitMiB: found 8; allowed: a whole number of MiB from 32 to 65536."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimitMiB":65537}]}"#,
            #"featurehost.json: plugins[0].memoryLimitMiB: found 65537; allowed: a whole number of MiB from 32 to 65536."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimitMiB":100.5}]}"#,
            #"featurehost.json: plugins[0].memoryLimitMiB: found 100.5; allowed: a whole number of MiB from 32 to 65536."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimitMiB":"1 GiB"}]}"#,
            #"featurehost.json: plugins[0].memoryLimitMiB: found "1 GiB"; allowed: a whole number of MiB from 32 to 65536."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimitMiB":1e300}]}"#,
            #"featurehost.json: plugins[0].memoryLimitMiB: found 1e+300; allowed: a whole number of MiB from 32 to 65536."#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","memoryLimit":100}]}"#,
            #"featurehost.json: plugins[0].memoryLimit: unknown key; did you mean "memoryLimitMiB"?"#
        ),
        (
            #"{"features":[], "plugins":[{"path":"a.so","isolaton":"process"}]}"#,
            #"featurehost.json: plugins[0].isolaton: unknown key; did you mean "isolation"?"#
        ),
    ])
    func eachMistakeIsNamed(json: String, message: String) {
        #expect(issues(json) == [message])
    }
}
