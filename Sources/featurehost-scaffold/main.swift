import FeatureScaffold
import Foundation

// featurehost-scaffold --package DIR --name Name [--id id]   writes Features/<Name>/ and registers it
// featurehost-scaffold audit --package DIR                   checks registration, imports and layout (RegistryAudit)
// The ScaffoldFeature command plugin runs this with --package set to the package directory.

let usage = """
    usage: swift package --allow-writing-to-package-directory scaffold-feature --name Weather [--id weather]
      --name  the feature's type name in PascalCase; the modules are <Name>Feature and <Name>Terminal
      --id    the kebab-case feature id (default: from the name, Weather → weather)
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("scaffold-feature: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let audit = arguments.first == "audit"
if audit { arguments.removeFirst() }
var options: [String: String] = [:]
while let argument = arguments.first {
    arguments.removeFirst()
    if argument == "--help" || argument == "-h" {
        print(usage)
        exit(0)
    }
    let option = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : argument
    guard ["package", "name", "id"].contains(option) else { fail("unknown argument \(argument).\n\(usage)") }
    guard let value = arguments.first, !value.hasPrefix("--") else { fail("\(argument) needs a value.\n\(usage)") }
    arguments.removeFirst()
    options[option] = value
}

let package = URL(fileURLWithPath: options["package"] ?? FileManager.default.currentDirectoryPath, isDirectory: true)

do {
    if audit {
        let problems = try RegistryAudit.problems(in: package)
        guard problems.isEmpty else { fail(problems.joined(separator: "\n")) }
        print("every feature bundle is registered, imports only what it may and follows the layout")
        exit(0)
    }
    let names = try FeatureNames(name: options["name"] ?? "", id: options["id"])
    let result = try Scaffolder(package: package).scaffold(names)
    print("Created \(names.module) (id \"\(names.id)\"):")
    for path in result.created { print("  + \(path)") }
    for path in result.edited { print("  ~ \(path) (marked region)") }
    print(
        """
        Next:
          swift build --target \(names.terminalModule)
          swift test --filter \(names.name)
          swift run featurehost --only \(names.id)
        """)
} catch {
    fail(error.description)
}
