/// The merchants' names as people write them. The starter's providers are keys of logo images
/// (`americanAirlines`); the terminal shows the name instead of the logo. Unknown keys are shown as they are.
enum ProviderNames {
    private static let names: [String: String] = [
        "amazon": "Amazon",
        "americanAirlines": "American Airlines",
        "burgerKing": "Burger King",
        "cvs": "CVS",
        "exxonmobil": "ExxonMobil",
        "jCrew": "J.Crew",
        "starbucks": "Starbucks",
        "timeWarner": "Time Warner",
        "traderJoes": "Trader Joe's",
        "uber": "Uber",
        "wawa": "Wawa",
        "wendys": "Wendy's",
    ]

    static func displayName(for provider: String) -> String { names[provider] ?? provider }
}
