// The names these types had before issue 18's glossary: "summary" is HealthKit's activity summary only. Kept for one
// release.

/// The former name of ``ImportReport``.
@available(*, deprecated, renamed: "ImportReport")
public typealias ImportSummary = ImportReport
