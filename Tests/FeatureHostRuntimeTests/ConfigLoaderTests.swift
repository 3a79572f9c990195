import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

@Suite struct ConfigLoaderTests {
    let registry = FeatureRegistry([AlphaFeature.self, BetaFeature.self, WebOnlyFeature.self])
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func load(_ json: String, name: String = "featurehost.json") throws -> HostConfig {
        try ConfigLoader(registry: registry).load(try directory.write(json, to: name))
    }

    /// The messages of every issue, with the file's path shortened to its name.
    func issues(_ json: String, name: String = "featurehost.json") -> [String] {
        do {
            _ = try load(json, name: name)
            return []
        } catch let errors as ConfigErrors {
            return errors.issues.map { $0.description.replacingOccurrences(of: directory.url.path + "/", with: "") }
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    @Test func readsEveryKeyOfTheSchema() throws {
        try directory.write("<plist/>", to: "data/alpha.plist")
        let config = try load(
            """
            {
              "features": [
                { "id": "beta" },
                { "id": "web-only", "source": { "kind": "http", "url": "https://example.org/articles", "timeout": 7.5, "cache": false } },
                { "id": "alpha", "enabled": false, "source": { "kind": "plist", "path": "data/alpha.plist" }, "settings": { "currency": "EUR", "speed": 2 } }
              ]
            }
            """)
        #expect(config.entries.map(\.id) == ["beta", "web-only", "alpha"])
        #expect(config.entries[0].enabled && config.entries[0].source == nil)
        #expect(config.entries[1].source == .http(try #require(URL(string: "https://example.org/articles")), timeout: 7.5, cache: false))
        #expect(!config.entries[2].enabled)
        #expect(config.entries[2].source?.path == directory.file("data/alpha.plist").standardizedFileURL)
        #expect(config.entries[2].settings == ["currency": .string("EUR"), "speed": .number(2)])
    }

    @Test func httpDefaultsToCachedWithAFifteenSecondTimeout() throws {
        let config = try load(#"{"features":[{"id":"web-only","source":{"kind":"http","url":"http://127.0.0.1:8080/a"}}]}"#)
        let source = try #require(config.entries.first?.source)
        #expect(source.timeout == 15)
        #expect(source.cache)
    }

    @Test func readsThePlistForm() throws {
        try directory.write("[]", to: "a.json")
        let config = try load(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>features</key><array>
              <dict><key>id</key><string>alpha</string><key>enabled</key><true/>
                <key>source</key><dict><key>kind</key><string>json-file</string><key>path</key><string>a.json</string></dict>
                <key>settings</key><dict><key>speed</key><integer>3</integer></dict></dict>
              <dict><key>id</key><string>beta</string><key>enabled</key><false/></dict>
            </array></dict></plist>
            """, name: "featurehost.plist")
        #expect(config.entries.map(\.id) == ["alpha", "beta"])
        #expect(config.entries[0].source?.kind == .jsonFile)
        #expect(config.entries[0].settings == ["speed": .number(3)])
        #expect(!config.entries[1].enabled)
    }

    /// The plist form is validated as the JSON form is (`PlistConfigValue`): a plist's integer is a number, not a
    /// boolean, and a date, which no key takes, is quoted as the text it is.
    @Test func aPlistConfigsValuesAreReadAsTheirJSONKinds() throws {
        let found = issues(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>features</key><array>
              <dict><key>id</key><string>alpha</string><key>enabled</key><integer>1</integer>
                <key>source</key><dict><key>kind</key><date>2026-12-02T10:00:00Z</date></dict>
                <key>settings</key><dict><key>speed</key><real>2.5</real><key>currency</key><true/></dict></dict>
            </array><key>hourCycle</key><integer>24</integer></dict></plist>
            """, name: "featurehost.plist")
        #expect(found.count == 3)
        #expect(found.contains { $0.contains("features[0].enabled") && $0.contains("found 1; allowed: true or false.") })
        #expect(found.contains { $0.contains("features[0].source.kind") && $0.contains("found \"2026-12-02T10:00:00Z\"") })
        #expect(found.contains { $0.contains("features[0].settings.currency") && $0.contains("found true") })
    }

    @Test func aBinaryPlistConfigIsRefusedWithTheFixNotRead() throws {
        // FuzzConfig found that Foundation traps on a set inside a binary plist: the loader now never hands it one.
        let file = directory.file("featurehost.plist")
        try FuzzFindings.binaryPlistWithASet.write(to: file)
        #expect(throws: ConfigErrors.self) { try ConfigLoader(registry: registry).load(file) }
        do {
            _ = try ConfigLoader(registry: registry).load(file)
        } catch let errors as ConfigErrors {
            #expect(
                errors.issues.map(\.message) == [
                    "not a valid property list: it is a binary property list; only XML property lists are read "
                        + "(convert it with `plutil -convert xml1 FILE`)"
                ])
            #expect(errors.issues.first?.file == file.path)
        }
    }

    @Test func collectsEveryErrorWithItsKeyPath() {
        let found = issues(
            """
            { "features": [
              { "id": "weather" },
              { "id": "alpha", "source": { "kind": "ftp" } },
              { "id": "web-only", "source": { "kind": "http", "url": "http://example.org/a" } }
            ] }
            """)
        #expect(
            found == [
                #"featurehost.json: features[0].id: unknown feature "weather"; known ids: alpha, beta, web-only."#,
                #"featurehost.json: features[1].source.kind: found "ftp"; allowed: plist, json-file, http, in-memory."#,
                #"featurehost.json: features[2].source.url: "http://example.org/a" must use https (plain http is allowed only for loopback hosts: 127.0.0.0/8, ::1, localhost)."#,
            ])
    }

    @Test(arguments: [
        (
            #"{"features":[{"id":"alhpa"}]}"#,
            #"featurehost.json: features[0].id: unknown feature "alhpa" (did you mean "alpha"?); known ids: alpha, beta, web-only."#
        ),
        (
            #"{"features":[{"id":"alpha","sourse":{"kind":"plist"}}]}"#,
            #"featurehost.json: features[0].sourse: unknown key; did you mean "source"?"#
        ),
        (
            #"{"features":[{"id":"alpha","colour":1}]}"#,
            #"featurehost.json: features[0].colour: unknown key; allowed: id, enabled, source, settings."#
        ),
        (#"{"features":{}}"#, #"featurehost.json: features: found {}; allowed: an array of objects."#),
        (#"[1,2]"#, #"featurehost.json: the top level must be an object with a "features" array, found [1, 2]."#),
        (#"{"features":[{}]}"#, #"featurehost.json: features[0]: the key "id" is missing; known ids: alpha, beta, web-only."#),
        (
            #"{"features":[{"id":7}]}"#,
            #"featurehost.json: features[0].id: found 7; allowed: a feature id string, one of alpha, beta, web-only."#
        ),
        (#"{"features":["alpha"]}"#, #"featurehost.json: features[0]: found "alpha"; allowed: an object with an "id"."#),
        (
            #"{"features":[{"id":"alpha"},{"id":"alpha"}]}"#,
            #"featurehost.json: features[1].id: "alpha" is already configured at features[0]; each feature appears once."#
        ),
        (
            #"{"features":[{"id":"alpha","enabled":"yes"}]}"#,
            #"featurehost.json: features[0].enabled: found "yes"; allowed: true or false."#
        ),
        (#"{"features":[{"id":"alpha","enabled":1}]}"#, #"featurehost.json: features[0].enabled: found 1; allowed: true or false."#),
        (
            #"{"features":[{"id":"alpha","source":"plist"}]}"#,
            #"featurehost.json: features[0].source: found "plist"; allowed: an object with a "kind"."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{}}]}"#,
            #"featurehost.json: features[0].source: the key "kind" is missing; allowed kinds: plist, json-file, http, in-memory."#
        ),
        (
            #"{"features":[{"id":"beta","source":{"kind":"plist"}}]}"#,
            #"featurehost.json: features[0].source.kind: "plist" is not accepted by beta; allowed: none (it has no data source)."#
        ),
        (
            #"{"features":[{"id":"web-only","source":{"kind":"plist"}}]}"#,
            #"featurehost.json: features[0].source.kind: "plist" is not accepted by web-only; allowed: http, in-memory."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http"}}]}"#,
            #"featurehost.json: features[0].source.url: required for the http kind."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":"ftp://example.org/x"}}]}"#,
            #"featurehost.json: features[0].source.url: "ftp://example.org/x" has the scheme "ftp"; allowed: https, or http for loopback hosts."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":"example"}}]}"#,
            #"featurehost.json: features[0].source.url: "example" is not an absolute URL with a host."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":7}}]}"#,
            #"featurehost.json: features[0].source.url: found 7; allowed: an https URL."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"plist","url":"https://example.org"}}]}"#,
            #"featurehost.json: features[0].source.url: applies only to the http kind, not plist."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":"https://example.org","path":"a.json"}}]}"#,
            #"featurehost.json: features[0].source.path: applies only to the plist and json-file kinds, not http."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"plist","path":""}}]}"#,
            #"featurehost.json: features[0].source.path: found ""; allowed: a file path, relative to the config file."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":"https://example.org","timeout":0}}]}"#,
            #"featurehost.json: features[0].source.timeout: found 0; allowed: a number of seconds from 0.001 to 3600."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"http","url":"https://example.org","cache":"no"}}]}"#,
            #"featurehost.json: features[0].source.cache: found "no"; allowed: true or false."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"plist","pth":"a"}}]}"#,
            #"featurehost.json: features[0].source.pth: unknown key; did you mean "path"?"#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"curency":"EUR"}}]}"#,
            #"featurehost.json: features[0].settings.curency: unknown setting for alpha; did you mean "currency"?"#
        ),
        (
            #"{"features":[{"id":"beta","settings":{"x":1}}]}"#,
            #"featurehost.json: features[0].settings.x: unknown setting for beta; allowed: none."#
        ),
        (#"{"features":[{"id":"alpha","settings":[]}]}"#, #"featurehost.json: features[0].settings: found []; allowed: an object."#),
        (
            #"{"features":[], "plugins":[3]}"#,
            #"featurehost.json: plugins[0]: found 3; allowed: a path to a dynamic library, or an object with a "path"."#
        ),
        (
            #"{"features":[], "plugins":"x"}"#,
            #"featurehost.json: plugins: found "x"; allowed: an array of library paths or plugin objects."#
        ),
        (#"{}"#, #"featurehost.json: features: the key is missing; it lists the features to run, e.g. [{"id": "chats"}]."#),
        // Each setting against its declaration: the check the feature makes when it reads it.
        (
            #"{"features":[{"id":"alpha","settings":{"speed":"fast"}}]}"#,
            #"featurehost.json: features[0].settings.speed: found "fast"; allowed: a number from 0 to 10."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"speed":11}}]}"#,
            #"featurehost.json: features[0].settings.speed: found 11; allowed: a number from 0 to 10."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"loud":"yes"}}]}"#,
            #"featurehost.json: features[0].settings.loud: found "yes"; allowed: true or false."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"name":7}}]}"#,
            #"featurehost.json: features[0].settings.name: found 7; allowed: a string."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"name":null}}]}"#,
            #"featurehost.json: features[0].settings.name: found null; allowed: a string."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"currency":"XYZ"}}]}"#,
            #"featurehost.json: features[0].settings.currency: found "XYZ"; allowed: an ISO 4217 currency code such as "USD", "EUR" or "JPY"."#
        ),
        // Files and samples: what the first load would fail on.
        (
            #"{"features":[{"id":"alpha","source":{"kind":"plist","path":"missing.plist"}}]}"#,
            #"featurehost.json: features[0].source.path: "missing.plist" does not exist (missing.plist)."#
        ),
        (
            #"{"features":[{"id":"alpha","source":{"kind":"json-file"}}]}"#,
            #"featurehost.json: features[0].source.path: required: alpha has no bundled json-file sample to read instead."#
        ),
        (
            #"{"features":[{"id":"web-only","source":{"kind":"in-memory"}}]}"#,
            #"featurehost.json: features[0].source.kind: "in-memory" serves a bundled sample, and web-only has none; allowed: http."#
        ),
        // Strict JSON, with the line and column.
        (
            #"{"features":[{"id":"alpha"},]}"#,
            #"featurehost.json: not valid JSON: line 1, column 28: a trailing comma before "]"; remove it."#
        ),
        (#"{"features":[],}"#, #"featurehost.json: not valid JSON: line 1, column 15: a trailing comma before "}"; remove it."#),
        (
            #"{"features":[],"features":[]}"#,
            #"featurehost.json: not valid JSON: line 1, column 16: the key "features" appears twice in one object; keep one."#
        ),
        (
            "{\"features\":[]} // x",
            #"featurehost.json: not valid JSON: line 1, column 17: unexpected "/" after the end of the JSON value."#
        ),
        (
            #"{"features":[{'id':'alpha'}]}"#,
            #"featurehost.json: not valid JSON: line 1, column 15: expected a key in double quotes, found "'"."#
        ),
        (
            #"{"features":[{"id":"alpha","settings":{"speed":01}}]}"#,
            #"featurehost.json: not valid JSON: line 1, column 48: a number cannot start with 0 followed by digits."#
        ),
        (
            #"{"features":[{"id":"al\qpha"}]}"#,
            #"featurehost.json: not valid JSON: line 1, column 23: \q is not an escape JSON knows; allowed: \" \\ \/ \b \f \n \r \t \uXXXX."#
        ),
        ("", #"featurehost.json: not valid JSON: line 1, column 1: the file is empty; a config is an object, e.g. {"features": []}."#),
    ])
    func eachErrorPath(json: String, message: String) {
        #expect(issues(json) == [message])
    }

    @Test func aMisspeltTopKeyIsNamedAndTheMissingOneToo() {
        #expect(
            issues(#"{"feature":[]}"#) == [
                #"featurehost.json: feature: unknown key; did you mean "features"?"#,
                #"featurehost.json: features: the key is missing; it lists the features to run, e.g. [{"id": "chats"}]."#,
            ])
    }

    @Test func loopbackHostsMayUsePlainHTTP() throws {
        for host in ["127.0.0.1", "127.8.9.10", "localhost", "[::1]"] {
            #expect(issues(#"{"features":[{"id":"web-only","source":{"kind":"http","url":"http://\#(host):9/a"}}]}"#) == [])
        }
        #expect(issues(#"{"features":[{"id":"web-only","source":{"kind":"http","url":"http://128.0.0.1/a"}}]}"#).count == 1)
    }

    /// Lines and columns count from 1, columns in characters (not bytes), after the line break.
    @Test func aSyntaxErrorNamesItsLineAndColumn() {
        let found = issues("{\n  \"features\": [\n    { \"id\": \"älpha\", },\n  ]\n}\n")
        #expect(found == [#"featurehost.json: not valid JSON: line 3, column 20: a trailing comma before "}"; remove it."#])
    }

    /// A config that is valid JSON is read exactly as before: the strict check only refuses.
    @Test func validJSONStillParses() throws {
        let config = try load(
            "\u{FEFF}{ \"features\" : [ { \"id\" : \"alpha\", \"settings\" : { \"speed\" : 0.5e1, \"name\" : \"a\\u00e9\\n\" } } ] }")
        #expect(config.entries.first?.settings["name"] == .string("aé\n"))
    }

    @Test func syntaxErrorsNameTheFile() {
        let json = issues("{ \"features\": [ ")
        #expect(json.count == 1)
        #expect(json[0].hasPrefix("featurehost.json: not valid JSON"))
        let plist = issues("<plist><dict><key>features</key>", name: "c.plist")
        #expect(plist.count == 1)
        #expect(plist[0].hasPrefix("c.plist: not a valid property list: "))
    }

    @Test func aMissingFileSaysSo() {
        let file = directory.file("absent.json")
        #expect(throws: ConfigErrors([ConfigIssue(file: file.path, path: "", message: "the config file does not exist.")])) {
            try ConfigLoader(registry: registry).load(file)
        }
    }

    /// `source.format` (issue 34.15): json or plist, for http only, and plist only for a feature that reads one.
    @Test func aSourceFormatIsValidatedWithItsKeyPath() throws {
        let url = "http://127.0.0.1:9/a"
        let config = try load(#"{"features":[{"id":"alpha","source":{"kind":"http","url":"\#(url)","format":"plist"}}]}"#)
        #expect(config.entries.first?.source?.format == .plist)
        #expect(
            issues(#"{"features":[{"id":"alpha","source":{"kind":"http","url":"\#(url)","format":"xml"}}]}"#)
                == [#"featurehost.json: features[0].source.format: found "xml"; allowed: plist, json."#])
        #expect(
            issues(#"{"features":[{"id":"alpha","source":{"kind":"plist","format":"json"}}]}"#)
                == [
                    "featurehost.json: features[0].source.format: applies only to the http kind, not plist (its kind says the file's format)."
                ])
        #expect(
            issues(#"{"features":[{"id":"web-only","source":{"kind":"http","url":"\#(url)","format":"plist"}}]}"#)
                == [
                    #"featurehost.json: features[0].source.format: "plist" is not read by web-only, which accepts no plist source; allowed: json."#
                ])
    }

    /// `open(2)` of a FIFO without a writer waited for ever: validate, list, snapshot and serve hung on one
    /// (reliability review, failure 5). Only a regular file is opened for reading, without blocking.
    @Test func aFIFOOrAFolderIsRefusedAtOnceForWhatItIs() throws {
        let fifo = directory.file("cfg.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(
            throws: ConfigErrors([
                ConfigIssue(file: fifo.path, path: "", message: "the config file is a FIFO (named pipe), not a regular file.")
            ])
        ) {
            try ConfigLoader(registry: registry).load(fifo)
        }
        #expect(ConfigLoader.pluginFiles(in: fifo).isEmpty)
        let folder = directory.file("folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(
            throws: ConfigErrors([ConfigIssue(file: folder.path, path: "", message: "the config file is a folder, not a regular file.")])
        ) {
            try ConfigLoader(registry: registry).load(folder)
        }
    }

    @Test func theDefaultConfigEnablesEveryFeatureInRegistryOrder() {
        let config = ConfigLoader(registry: registry).defaultConfig()
        #expect(config.file == nil)
        #expect(config.entries.map(\.id) == ["alpha", "beta", "web-only"])
        let resolved = ResolvedFeature.enabled(in: config, registry: registry)
        #expect(resolved.map(\.source?.kind) == [.plist, nil, .http])
    }
}

/// The top-level `locale` and `hourCycle`.
@Suite struct ConfigLocaleKeysTests {
    let directory: TemporaryDirectory
    let registry = FeatureRegistry([AlphaFeature.self])

    init() throws { directory = try TemporaryDirectory() }

    func result(_ json: String) -> Result<HostConfig, ConfigErrors> {
        do {
            return .success(try ConfigLoader(registry: registry).load(try directory.write(json, to: "featurehost.json")))
        } catch let errors as ConfigErrors {
            return .failure(errors)
        } catch {
            return .failure(ConfigErrors([]))
        }
    }

    @Test(arguments: [
        (#"{"features":[], "locale":"de_DE", "hourCycle":12}"#, "de_DE", HourCycle?.some(.twelveHour)),
        (#"{"features":[], "locale":"nb-NO", "hourCycle":"24"}"#, "nb-NO", HourCycle?.some(.twentyFourHour)),
        (#"{"features":[]}"#, nil, nil),
    ])
    func readsTheKeys(json: String, locale: String?, hourCycle: HourCycle?) throws {
        let config = try result(json).get()
        #expect(config.localeSettings == HostConfig.LocaleSettings(locale: locale, hourCycle: hourCycle))
    }

    @Test(arguments: [
        (
            #"{"features":[], "locale":"xx_YY"}"#,
            #"featurehost.json: locale: found "xx_YY"; allowed: a locale identifier such as "en_US", "de_DE" or "nb_NO"."#
        ),
        (
            #"{"features":[], "locale":7}"#,
            #"featurehost.json: locale: found 7; allowed: a locale identifier such as "en_US", "de_DE" or "nb_NO"."#
        ),
        (#"{"features":[], "hourCycle":13}"#, #"featurehost.json: hourCycle: found 13; allowed: 12 or 24."#),
        (#"{"features":[], "hourCycle":true}"#, #"featurehost.json: hourCycle: found true; allowed: 12 or 24."#),
        (#"{"features":[], "hourcycle":12}"#, #"featurehost.json: hourcycle: unknown key; did you mean "hourCycle"?"#),
    ])
    func badValuesAreNamed(json: String, message: String) {
        guard case .failure(let errors) = result(json) else {
            Issue.record("accepted \(json)")
            return
        }
        #expect(errors.issues.map { $0.description.replacingOccurrences(of: directory.url.path + "/", with: "") } == [message])
    }
}
