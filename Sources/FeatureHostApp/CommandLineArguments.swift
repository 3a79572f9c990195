/// A small parser for `featurehost [command] [options]`: options take their value as the next argument or
/// after `=`, and repeated options keep every value in order.
struct CommandLineArguments {
    enum Item: Equatable {
        case option(name: String, value: String?)
        case positional(String)
    }

    let items: [Item]

    /// - Parameter valued: the option names that take a value.
    init(_ arguments: [String], valued: Set<String>) throws {
        var items: [Item] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                items.append(.positional(argument))
                continue
            }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                items.append(.option(name: String(body[..<equals]), value: String(body[body.index(after: equals)...])))
            } else if valued.contains(String(body)) {
                guard index < arguments.count else { throw UsageError("\(argument) needs a value.") }
                items.append(.option(name: String(body), value: arguments[index]))
                index += 1
            } else {
                items.append(.option(name: String(body), value: nil))
            }
        }
        self.items = items
    }

    var positionals: [String] {
        items.compactMap { if case .positional(let value) = $0 { return value } else { return nil } }
    }

    func value(_ name: String) -> String? {
        for case .option(name, let value) in items.reversed() { return value }
        return nil
    }

    func has(_ name: String) -> Bool {
        items.contains { if case .option(name, _) = $0 { return true } else { return false } }
    }

    var optionNames: [String] {
        items.compactMap { if case .option(let name, _) = $0 { return name } else { return nil } }
    }

    /// The option that chose the in-process plugin backend, removed with it.
    static let removedPluginIsolation = "plugin-isolation"

    /// Fails on an option the command does not know.
    func check(allowed: Set<String>, command: String, app: FeatureHostApp) throws {
        for name in optionNames where !allowed.contains(name) {
            if name == Self.removedPluginIsolation {
                throw UsageError(
                    "\(command): --plugin-isolation was removed: every plugin runs in a featurehost-plugin-host process of its own. "
                        + "To debug one, attach a debugger to that process (docs/writing-a-feature.md, \"Debugging a plugin\").")
            }
            throw UsageError("\(command): unknown option --\(name). Run `\(app.commandName) --help` for the options.")
        }
    }
}

extension CommandLineArguments {
    /// Fails on words after the command's own (`validate extra`): a stray word is a mistake, never ignored.
    func checkNoMoreWords(after count: Int, command: String, app: FeatureHostApp) throws {
        let extra = positionals.dropFirst(count)
        guard extra.isEmpty else {
            let words = extra.map { "\"\($0)\"" }.joined(separator: " ")
            throw UsageError(
                "\(command): unexpected \(extra.count == 1 ? "argument" : "arguments") \(words). Run `\(app.commandName) --help` for the usage."
            )
        }
    }
}

/// A bad command line: printed to standard error with exit status 1.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
