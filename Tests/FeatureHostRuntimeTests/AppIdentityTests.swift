import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

/// An app's name and what follows from it: its command, the variables it reads and the folder of its data, so two
/// apps on one machine never share saved state.
@Suite struct AppIdentityTests {
    @Test(arguments: [
        ("FeatureHost", "featurehost"), ("MyApp", "myapp"), ("My App 2", "my-app-2"), ("  --Ünïcode!! ", "n-code"), ("日本", "app"),
        ("", "app"),
    ])
    func theCommandNameIsTheNamesLettersAndDigits(name: String, command: String) {
        #expect(AppIdentity(name: name).commandName == command)
    }

    @Test func aLongNameStillMakesOneHostNameLabel() {
        let command = AppIdentity(name: String(repeating: "Ab", count: 100)).commandName
        #expect(command.count == AppIdentity.maxCommandLength)
        // `<command>-<16 hex>` is one DNS label: at most 63 characters.
        #expect(command.count + 1 + 16 <= 63)
    }

    @Test func theVariablesAreTheApps() {
        let app = AppIdentity(name: "My App")
        #expect(app.configEnvironmentKey == "MY_APP_CONFIG")
        #expect(app.dataDirectoryEnvironmentKey == "MY_APP_DATA_DIR")
        #expect(AppIdentity.featureHost.configEnvironmentKey == ConfigLocator.environmentKey)
        #expect(AppIdentity.featureHost.dataDirectoryEnvironmentKey == "FEATUREHOST_DATA_DIR")
    }

    @Test func theDataLivesInAFolderOfTheAppsOwn() {
        let app = AppIdentity(name: "MyApp")
        let cwd = URL(fileURLWithPath: "/work/project")
        let resolve = { (environment: [String: String]) in
            DataDirectory.resolve(explicit: nil, environment: environment, currentDirectory: cwd, app: app).path
        }
        #expect(resolve(["XDG_DATA_HOME": "/d/xdg", "HOME": "/home/u"]) == "/d/xdg/myapp")
        #expect(resolve(["HOME": "/home/u"]) == "/home/u/.local/share/myapp")
        #expect(resolve(["MYAPP_DATA_DIR": "/d/mine", "HOME": "/home/u"]) == "/d/mine")
        // FeatureHost's own variable names FeatureHost's folder, not the app's.
        #expect(resolve(["FEATUREHOST_DATA_DIR": "/d/fh", "HOME": "/home/u"]) == "/home/u/.local/share/myapp")
        #expect(DataDirectory.environmentKeys(for: app) == ["MYAPP_DATA_DIR", "XDG_DATA_HOME", "HOME"])
    }

    @Test func theConfigIsLookedForUnderTheAppsVariableAndFileName() throws {
        let directory = try TemporaryDirectory("app-identity")
        let app = AppIdentity(name: "MyApp", configFileName: "myapp.json")
        #expect(
            ConfigLocator.locate(explicit: nil, environment: ["MYAPP_CONFIG": "/etc/m.json"], currentDirectory: directory.url, app: app)
                == .file(URL(fileURLWithPath: "/etc/m.json"), reason: "$MYAPP_CONFIG"))
        #expect(
            ConfigLocator.locate(
                explicit: nil, environment: ["FEATUREHOST_CONFIG": "/etc/f.json"], currentDirectory: directory.url, app: app)
                == .builtInDefault)
        try Data("{}".utf8).write(to: directory.file("myapp.json"))
        #expect(
            ConfigLocator.locate(explicit: nil, environment: [:], currentDirectory: directory.url, app: app)
                == .file(directory.file("myapp.json").standardizedFileURL, reason: "./myapp.json"))
    }
}
