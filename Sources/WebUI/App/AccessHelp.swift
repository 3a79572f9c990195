/// What a browser that may not come in is shown instead of a plain-text refusal: most often a page of an earlier
/// run of `featurehost serve` (each run has its own address and token), reloaded after a restart. It says once how
/// to get back in, and links nowhere: every page of this host would refuse the same browser the same way. It names
/// neither this run's address nor the Host sent (the run's name stays private), only the command that prints it.
enum AccessHelp {
    static func page(status: HTTPStatus, commandName: String, appName: String) -> HTML {
        let command = "\(commandName) serve"
        if status == .misdirectedRequest {
            return PageShell.refusal(title: "This address is not this run's", appName: appName) {
                Tag.p {
                    "Each run of "
                    Tag.code { command }
                    " has an address of its own, so a page of an earlier run cannot come back by itself."
                }
                Tag.p {
                    "To get back in, open the address the running "
                    Tag.code { command }
                    " printed when it started."
                }
            }
        }
        return PageShell.refusal(title: "This page needs this run's address", appName: appName) {
            Tag.p {
                "To get in, open the address "
                Tag.code { command }
                " printed when it started: it carries this run's token (it ends in "
                Tag.code { "?token=…" }
                "), and every page of the run opens after it."
            }
        }
    }
}
