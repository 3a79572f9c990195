import FeatureHostCore
import FeatureHostRuntime
import Foundation

let usage = """
    featurehost: a plugin-based host for app features.

    Usage:
      featurehost [run] [--config F] [--data-dir D] [--only ID] [--locale ID] [--hour-cycle 12|24]
                    [--time-zone TZ]
                                  the full-screen shell (the default command)
      featurehost list [--config F] [--locale ID] [--hour-cycle 12|24] [--time-zone TZ]
                                  one line per configured feature (id, state, source), then the
                                  locale, hour cycle and time zone features get, and why
      featurehost validate [--config F]
                                  check the config; prints ok, or every error
      featurehost snapshot ID [--config F] [--data-dir D] [--size WxH] [--now ISO8601] [--locale ID]
                          [--hour-cycle 12|24] [--time-zone TZ] [--input STRING]... [--advance SECONDS]... [--save]
                          [--color truecolor|256]
                                  render a feature headless on a virtual clock and print the frame;
                                  saved state is written back only with --save; --color prints it with
                                  its colours and draws pictures (plain text shows their placeholders)
      featurehost serve [--config F] [--data-dir D] [--only ID] [--port N] [--locale ID] [--hour-cycle 12|24]
                      [--time-zone TZ]
                                  the web surface on loopback (port 0 or none: a free one); prints
                                  http://fh-RANDOM.localhost:PORT/?token=TOKEN first (a host name of
                                  this run's own, so no other local server gets the token), then one
                                  line per refused request; Ctrl-C or SIGTERM closes every page's
                                  session and exits 0.
                                  Locale, 12/24-hour and time zone come from the browser unless the
                                  config or these flags fix them
      featurehost store get|set|remove ID KEY [JSON] [--data-dir D]
                                  read or change a feature's saved state
      featurehost --help | --version

    The config is --config F, else $FEATUREHOST_CONFIG, else ./featurehost.json, else a built-in default that
    enables every feature. Data lives in --data-dir D, else $FEATUREHOST_DATA_DIR, else
    $XDG_DATA_HOME/featurehost, else ~/.local/share/featurehost.
    """

let version = "featurehost 0.1.0"

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

@MainActor
func runCommand(_ raw: [String]) async -> Int32 {
    do {
        let arguments = try CommandLineArguments(raw, valued: CommandCatalog.valuedOptions)
        if arguments.has("help") || arguments.positionals.first == "help" {
            print(usage)
            return 0
        }
        if arguments.has("version") {
            print(version)
            return 0
        }
        switch arguments.positionals.first {
        case "list": return try ListCommand.run(arguments)
        case "validate": return try ValidateCommand.run(arguments)
        case "store": return try StoreCommand.run(arguments)
        default: return try await CommandCatalog.runInteractive(arguments)
        }
    } catch let errors as ConfigErrors {
        standardError(errors.description)
        return 1
    } catch {
        standardError("featurehost: \(error.userFacingMessage)")
        return 1
    }
}

exit(await runCommand(Array(CommandLine.arguments.dropFirst())))
