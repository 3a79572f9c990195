/// What a browser that may not come in is shown instead of a plain-text refusal: most often a page of an earlier
/// run of `featurehost serve` (each run has its own address and token), reloaded after a restart.
enum AccessHelp {
    static func page(status: HTTPStatus, reason: String) -> HTML {
        let title = status == .misdirectedRequest ? "This address is of another run of featurehost" : "This page needs this run's address"
        let message =
            "Each run of `featurehost serve` has its own address and token, so a page of an earlier run cannot come back by itself. "
            + "Open the address `featurehost serve` printed when it started (http://fh-….localhost:PORT/?token=…). (\(reason))"
        return PageShell.panel(title: title, message: message)
    }
}
