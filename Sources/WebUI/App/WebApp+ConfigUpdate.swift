import FeatureHostCore

extension WebApp {
    /// A config reload, as the open pages see it; called on the main actor after the launcher was updated, so
    /// a restart launches from the new config. Pages of a feature the update does not name are not touched.
    public func apply(_ update: ConfigUpdate) {
        // Before any page restarts: a new instance's page links the new build's stylesheets.
        if update.assetsChanged { immediateFiles.files = StaticFiles(features: launcher.assets) }
        for session in sessions.values where !session.hasEnded {
            if let title = update.turnedOff[session.featureID] {
                session.end(showing: EndedFeaturePanel.turnedOff(title: title))
            } else if update.restarted.contains(session.featureID) {
                restart(session)
            } else if update.conventionsChanged {
                let preferences = launcher.preferences(for: session.browser)
                if preferences != session.preferences, !session.reformat(preferences) { restart(session, with: preferences) }
            }
        }
        if update.homeChanged {
            homeStreams.publish(PageShell.homeContent(launcher.homeEntries, appName: configuration.appName))
        }
        if configProblems.replace(with: update.problems) {
            let banner = configProblems.event
            for session in sessions.values { session.broadcast(banner) }
            homeStreams.broadcast(banner)
        }
    }

    /// A new instance for the page, with the page's own preferences; a feature the new config no longer starts
    /// (or lists) ends the page with a panel saying so.
    private func restart(_ session: PageSession, with preferences: PagePreferences? = nil) {
        let preferences = preferences ?? session.preferences
        switch launcher.launch(session.featureID, preferences: preferences) {
        case .running(let feature)?:
            session.replaceFeature(feature, preferences: preferences)
        case .failed(let title, let message)?:
            session.end(showing: EndedFeaturePanel.failedToRestart(title: title, message: message))
        case nil:
            session.end(showing: EndedFeaturePanel.turnedOff(title: session.title))
        }
    }
}
