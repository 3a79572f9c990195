import FeatureHostCore

/// The manual clock under the name tests use.
public typealias TestClock = ManualClock
