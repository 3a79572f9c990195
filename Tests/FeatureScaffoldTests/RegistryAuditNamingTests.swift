import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// One name per role: each suffix rule failing on a fixture bundle, with the file and the expected name, and a
/// bundle that follows them all passing.
extension RegistryAuditTests {
    @Test func aBundleWithOneNamePerRoleHasNoNamingProblems() throws {
        let package = try weather([
            "Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift":
                "import FeatureHostCore\n\n@MainActor\npublic final class WeatherPresenter: Presenter {\n"
                + "    public typealias ViewState = WeatherViewState\n}\n",
            "Weather/Sources/WeatherFeature/Presenter/WeatherViewState.swift": "public struct WeatherViewState: Equatable {}\n",
            "Weather/Sources/WeatherFeature/Presenter/WeatherModel.swift": "struct WeatherModel {}\n",
            "Weather/Sources/WeatherFeature/Data/WeatherSettings.swift":
                "import FeatureHostCore\n\nstruct WeatherSettings {\n    init(_ settings: FeatureSettings) throws {}\n}\n",
            "Weather/Sources/WeatherFeature/Data/ForecastClient.swift": "protocol ForecastClient: Sendable {}\n",
            "Weather/Sources/WeatherFeature/Data/LiveForecastClient.swift": "struct LiveForecastClient: ForecastClient {}\n",
            "Weather/Sources/WeatherFeature/Data/InMemoryForecastClient.swift": "struct InMemoryForecastClient: ForecastClient {}\n",
            "Weather/Sources/WeatherTerminal/Scene/WeatherTerminalScene.swift":
                "import TerminalUI\n\n@MainActor\nfinal class WeatherTerminalScene: TerminalScene {\n"
                + "    func render(size: Size) -> Frame { Frame(size: size) }\n}\n",
            "Weather/Sources/WeatherTerminal/Scene/WeatherKeyMap.swift": "enum WeatherKeyMap {}\n",
            "Weather/Sources/WeatherTerminal/Scene/ChartView.swift":
                "import TerminalUI\n\nenum ChartView {\n    static func draw(into frame: inout Frame) {}\n}\n",
            "Weather/Sources/WeatherWeb/Scene/WeatherWebScene.swift":
                "import WebUI\n\nfinal class WeatherWebScene: WebScene {\n"
                + "    func render() -> HTML { Tag.button(.data(\"action\", WeatherWebAction.press.name)) { \"Press\" } }\n}\n",
            "Weather/Sources/WeatherWeb/Scene/WeatherWebAction.swift": "enum WeatherWebAction: String {\n    case press\n}\n",
        ])
        #expect(RegistryAudit.namingProblems(in: package.url) == [])
    }

    @Test func eachRoleHasOneSuffixAndEachProblemNamesTheFileAndTheName() throws {
        let package = try weather([
            "Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift":
                "import FeatureHostCore\n\n@MainActor\npublic final class WeatherPresenter: Presenter {\n"
                + "    public struct ViewState: Equatable {}\n}\n",
            "Weather/Sources/WeatherFeature/Presenter/GaugeView.swift": "public struct GaugeView: Equatable {}\n",
            "Weather/Sources/WeatherFeature/Data/ForecastStorage.swift":
                "protocol ForecastStorage {}\n\nstruct LiveForecastStorage: ForecastStorage {}\n",
            "Weather/Sources/WeatherFeature/Data/LiveRadarClient.swift": "struct LiveRadarClient {}\n",
            "Weather/Sources/WeatherFeature/Domain/Units.swift":
                "import FeatureHostCore\n\nstruct UnitSetting {\n    init(_ settings: FeatureSettings) {}\n}\n",
            "Weather/Sources/WeatherTerminal/Scene/WeatherScene.swift": "import TerminalUI\n\nfinal class WeatherScene: TerminalScene {}\n",
            "Weather/Sources/WeatherTerminal/Scene/ChartRenderer.swift":
                "import TerminalUI\n\nenum ChartRenderer {\n    static func draw(into frame: inout Frame) {}\n}\n",
            "Weather/Sources/WeatherTerminal/Scene/Keys.swift": "enum KeysKeyMap {}\n",
            "Weather/Sources/WeatherWeb/Scene/WeatherWebScene.swift":
                "import WebUI\n\nfinal class WeatherWebScene: WebScene {\n"
                + "    func render() -> HTML { Tag.button(.data(\"action\", \"press\")) { \"Press\" } }\n}\n",
        ])
        let viewState = "the view state is a top-level WeatherViewState (a presenter may keep `typealias ViewState = WeatherViewState`)."
        let feature = "Features/Weather/Sources/WeatherFeature"
        let terminal = "Features/Weather/Sources/WeatherTerminal/Scene"
        let store =
            "(\"Store\" is the core's KeyValueStore and PlistFileStore); name in-memory state …Model, "
            + "an I/O seam …Client (with Live… and InMemory…), SQLite access …Database."
        #expect(
            RegistryAudit.namingProblems(in: package.url) == [
                "\(feature)/Presenter/WeatherPresenter.swift nests a ViewState type: \(viewState)",
                "\(feature) has a presenter but no top-level WeatherViewState: \(viewState)",
                "\(feature)/Presenter/GaugeView.swift declares GaugeView: View names a terminal drawing type, never a type of "
                    + "the surface-neutral module; name a part of the view state …State (e.g. GaugeState).",
                "\(feature)/Data/ForecastStorage.swift declares LiveForecastStorage: an I/O client's name ends in Client "
                    + "(a protocol …Client with Live…Client and InMemory…Client siblings), e.g. LiveForecastClient.",
                "\(feature)/Data/LiveRadarClient.swift declares LiveRadarClient, but the feature declares no protocol RadarClient: "
                    + "Live…Client and InMemory…Client are siblings conforming to one …Client protocol.",
                "\(feature)/Data/ForecastStorage.swift declares ForecastStorage: a feature's types do not end in Storage \(store)",
                "\(feature)/Data/ForecastStorage.swift declares LiveForecastStorage: a feature's types do not end in Storage \(store)",
                "\(feature)/Domain/Units.swift declares UnitSetting, which reads FeatureSettings: "
                    + "the settings are WeatherSettings, in WeatherFeature/Data/WeatherSettings.swift.",
                "\(terminal)/WeatherScene.swift declares the TerminalScene WeatherScene: name it WeatherTerminalScene (the suffix TerminalScene).",
                "\(terminal)/ChartRenderer.swift declares ChartRenderer, which draws into a Frame: "
                    + "a terminal drawing type's name ends in View (e.g. ChartView).",
                "\(terminal)/Keys.swift declares KeysKeyMap: a bundle's key map is WeatherKeyMap, one place.",
                "Features/Weather/Sources/WeatherWeb declares no WeatherWebAction: the page's data-action names are "
                    + "an enum WeatherWebAction with `name` and `init?(name:)`, in Scene/WeatherWebAction.swift.",
                "Features/Weather/Sources/WeatherWeb/Scene/WeatherWebScene.swift names a data-action with a string literal: "
                    + "use WeatherWebAction's `name`.",
            ])
    }
}
