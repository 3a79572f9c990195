/// What an app built on the host calls itself, and the names that follow from it: the command in usage lines and
/// error prefixes, the folder of its data, the variables it reads, the label of `serve`'s host name. `featurehost`
/// is the app named "FeatureHost"; an app named "MyApp" is `myapp`, keeps its data in `…/myapp` and reads
/// `$MYAPP_CONFIG` and `$MYAPP_DATA_DIR`, so two apps never share saved state. The config's format and default file
/// name stay FeatureHost's.
public struct AppIdentity: Sendable, Equatable {
    /// As a person reads it: the shell's home screen, the web home page, every page's title.
    public let name: String
    /// Lowercase letters, digits and `-`: the command, the data folder, the host name's label.
    public let commandName: String
    /// The config file looked for in the current directory when neither `--config` nor the variable names one.
    public let configFileName: String

    /// The longest command name: `serve`'s host name is `<command>-<16 hex>.localhost`, one DNS label of at most 63.
    public static let maxCommandLength = 40

    public init(name: String, configFileName: String = ConfigLocator.defaultFileName) {
        self.name = name
        commandName = Self.commandName(for: name)
        self.configFileName = configFileName
    }

    public static let featureHost = AppIdentity(name: "FeatureHost")

    /// `$<COMMAND>_CONFIG`: `$FEATUREHOST_CONFIG`, `$MYAPP_CONFIG`.
    public var configEnvironmentKey: String { environmentPrefix + "_CONFIG" }
    /// `$<COMMAND>_DATA_DIR`.
    public var dataDirectoryEnvironmentKey: String { environmentPrefix + "_DATA_DIR" }

    private var environmentPrefix: String {
        String(commandName.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// ASCII letters and digits of the name, lowercased; every other run of characters one `-`; `app` when none is
    /// left. "My App 2" is `my-app-2`.
    static func commandName(for name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9": result.unicodeScalars.append(scalar)
            case "A"..."Z": result += String(scalar).lowercased()
            default: if !result.isEmpty, result.last != "-" { result += "-" }
            }
            if result.count >= maxCommandLength { break }
        }
        while result.last == "-" { result.removeLast() }
        return result.isEmpty ? "app" : result
    }
}
