import Testing

/// The suites that open headless Chromium, run one at a time: a suite checks, once its browser is closed, that the
/// test process has no Chromium child left, and another suite's browser, open meanwhile, would be one.
@Suite(.serialized) enum BrowserSuites {}
