import FeatureScaffold
import Testing

@Suite struct FeatureNamesTests {
    @Test(arguments: [
        ("Weather", "weather", "Weather"), ("OfferCountdown", "offer-countdown", "Offer Countdown"),
        ("HTTPNews", "http-news", "HTTP News"), ("Car2Go", "car2-go", "Car2 Go"), ("A", "a", "A"),
    ])
    func namesDeriveTheIdAndTitle(name: String, id: String, title: String) throws {
        let names = try FeatureNames(name: name)
        #expect(names.id == id)
        #expect(names.title == title)
        #expect(names.module == name + "Feature")
        #expect(names.testModule == name + "FeatureTests")
    }

    @Test func anExplicitIdWins() throws {
        #expect(try FeatureNames(name: "Weather", id: "local-weather").id == "local-weather")
    }

    @Test func namesThatAreNotSwiftTypeNamesAreRefusedWithTheReason() {
        #expect(throws: ScaffoldError("--name is required: the feature's type name in PascalCase, e.g. --name Weather.")) {
            try FeatureNames(name: "")
        }
        #expect(
            throws: ScaffoldError("\"weather\" is not a Swift type name in PascalCase: it must start with a capital letter, e.g. Weather.")
        ) {
            try FeatureNames(name: "weather")
        }
        #expect(
            throws: ScaffoldError("\"2Weather\" is not a Swift type name in PascalCase: it must start with a capital letter, e.g. Weather.")
        ) {
            try FeatureNames(name: "2Weather")
        }
        #expect(
            throws: ScaffoldError(
                "\"Weather-App\" is not a Swift type name: use only the letters A–Z, a–z and digits (found \"-\"), e.g. WeatherApp.")
        ) {
            try FeatureNames(name: "Weather-App")
        }
        #expect(
            throws: ScaffoldError(
                "\"Wétter\" is not a Swift type name: use only the letters A–Z, a–z and digits (found \"é\"), e.g. Weather.")
        ) {
            try FeatureNames(name: "Wétter")
        }
        #expect(throws: ScaffoldError("\"WeatherFeature\" ends in Feature, and the module adds that suffix itself: use --name Weather.")) {
            try FeatureNames(name: "WeatherFeature")
        }
        let long = String(repeating: "A", count: 41)
        #expect(throws: ScaffoldError("\"\(long)\" is 41 characters long; a feature name has at most 40.")) { try FeatureNames(name: long) }
    }

    @Test(arguments: ["Weather", "weather_app", "weather--app", "-weather", "weather-", "2weather", "wea ther"])
    func idsThatAreNotKebabCaseAreRefused(id: String) {
        #expect(throws: ScaffoldError.self) { try FeatureNames(name: "Weather", id: id) }
    }

    @Test func theIdMessageSaysWhatKebabCaseIs() {
        #expect(
            throws: ScaffoldError(
                "\"Weather_App\" is not a kebab-case id: use lowercase letters and digits in words joined by single hyphens, starting with a letter (e.g. weather-app)."
            )
        ) { try FeatureNames(name: "Weather", id: "Weather_App") }
    }
}
