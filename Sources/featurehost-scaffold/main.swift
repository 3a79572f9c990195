import FeatureScaffold
import Foundation

// featurehost-scaffold --package DIR --name Name [--id id]                     writes Features/<Name>/ and registers it
// featurehost-scaffold --package DIR --plugin --name Name [--id id] --output OUT   writes a plugin package in OUT
// featurehost-scaffold audit --package DIR                                        checks registration, imports and layout
// The ScaffoldFeature command plugin runs this with --package set to the package directory.

let usage = """
    usage: swift package --allow-writing-to-package-directory scaffold-feature --name Weather [--id weather]
           swift package --allow-writing-to-directory DIR scaffold-feature --plugin --name Weather [--id weather] --output DIR
      --name    the feature's type name in PascalCase; the modules are <Name>Feature, <Name>Terminal and <Name>Web
      --id      the kebab-case feature id (default: from the name, Weather → weather)
      --plugin  write a plugin in a package of its own (a dynamic library the host loads) instead of a bundle of this one
      --output  with --plugin: the new package's folder, outside this checkout, new or empty
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("scaffold-feature: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let audit = arguments.first == "audit"
if audit { arguments.removeFirst() }
var options: [String: String] = [:]
var plugin = false
while let argument = arguments.first {
    arguments.removeFirst()
    if argument == "--help" || argument == "-h" {
        print(usage)
        exit(0)
    }
    if argument == "--plugin" {
        plugin = true
        continue
    }
    let option = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : argument
    guard ["package", "name", "id", "output"].contains(option) else { fail("unknown argument \(argument).\n\(usage)") }
    guard let value = arguments.first, !value.hasPrefix("--") else { fail("\(argument) needs a value.\n\(usage)") }
    arguments.removeFirst()
    options[option] = value
}

let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
let package = URL(fileURLWithPath: options["package"] ?? currentDirectory.path, isDirectory: true)

do {
    if audit {
        let problems = try RegistryAudit.problems(in: package)
        guard problems.isEmpty else { fail(problems.joined(separator: "\n")) }
        print("every feature bundle is registered, imports only what it may and follows the layout")
        exit(0)
    }
    if options["output"] != nil, !plugin { fail("--output is for --plugin; a feature of this package goes in Features/<Name>.\n\(usage)") }
    let names = try FeatureNames(name: options["name"] ?? "", id: options["id"])
    if plugin {
        guard let path = options["output"] else { fail("--plugin needs --output DIR: the folder of the new package.\n\(usage)") }
        let output = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        let scaffolder = PluginScaffolder(host: package, output: output)
        let result = try scaffolder.scaffold(names)
        print("Created the plugin package \(names.name)Plugin (feature \(names.module), id \"\(names.id)\") in \(output.path):")
        for path in result.created { print("  + \(path)") }
        print(
            """
            Next:
              cd \(output.path)
              swift build
              swift test
              swift run --package-path \(scaffolder.host.path) featurehost --config featurehost.json
            """)
        exit(0)
    }
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
