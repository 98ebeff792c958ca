// Durations, dates and times and their text errors live in the base module below this one; every module that
// reads or writes scenario JSON sees them through ScenarioJSON.
@_exported import RehearsalBase
