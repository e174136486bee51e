// The names these types had before issue 18: the project's own types no longer wear Apple's HK prefix, so a reader
// can tell them from HealthKit's. Kept for one release.

/// The former name of ``UnitParseError``.
@available(*, deprecated, renamed: "UnitParseError")
public typealias HKUnitError = UnitParseError
