import FeatureHostRuntime

/// `--help`: the commands and options, under the app's own command name.
enum Usage {
    static func text(for app: FeatureHostApp) -> String {
        let command = app.commandName
        let indent = String(repeating: " ", count: command.count)
        return """
            \(command): \(app.name == "FeatureHost" ? "a plugin-based host for app features" : "\(app.name), on FeatureHost").

            Usage:
              \(command) [run] [--config F] [--data-dir D] [--only ID] [--locale ID] [--hour-cycle 12|24]
              \(indent)      [--time-zone TZ]
                                          the full-screen shell (the default command)
              \(command) list [--config F] [--locale ID] [--hour-cycle 12|24] [--time-zone TZ]
                                          one line per configured feature (id, state, source), then the
                                          locale, hour cycle and time zone features get, and why
              \(command) validate [--config F]
                                          check the config; prints ok, or every error
              \(command) reload [--config F] [--data-dir D]
                                          check the config as validate does, then tell every run and serve
                                          using it with that data directory to read it again (SIGHUP)
              \(command) snapshot ID [--config F] [--data-dir D] [--size WxH] [--now ISO8601] [--locale ID]
              \(indent)          [--hour-cycle 12|24] [--time-zone TZ] [--input STRING]... [--advance SECONDS]... [--save]
              \(indent)          [--color truecolor|256]
                                          render a feature headless on a virtual clock and print the frame;
                                          saved state is written back only with --save; --color prints it with
                                          its colours and draws pictures (plain text shows their placeholders)
              \(command) serve [--config F] [--data-dir D] [--only ID] [--port N] [--locale ID] [--hour-cycle 12|24]
              \(indent)       [--time-zone TZ] [--max-pages N]
                                          the web surface on loopback (port 0 or none: a free one); prints
                                          http://\(command)-RANDOM.localhost:PORT/?token=TOKEN first (a host name of
                                          this run's own, so no other local server gets the token), then one
                                          line per refused request; Ctrl-C or SIGTERM closes every page's
                                          session and exits 0; SIGHUP rereads the config.
                                          Locale, 12/24-hour and time zone come from the browser unless the
                                          config or these flags fix them; --max-pages N keeps up to N pages
                                          live at once (default 512 sessions, 256 connections)
              \(command) store get|set|remove ID KEY [JSON] [--data-dir D]
                                          read or change a feature's saved state
              \(command) --help | --version

            The config is --config F, else $\(app.identity.configEnvironmentKey), else ./\(app.identity.configFileName), else a built-in
            default that enables every feature. Data lives in --data-dir D, else $\(app.identity.dataDirectoryEnvironmentKey), else
            $XDG_DATA_HOME/\(command), else ~/.local/share/\(command).
            """
    }
}
