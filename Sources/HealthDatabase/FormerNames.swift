// The names these types had before issue 18's glossary: "summary" is HealthKit's activity summary only; the
// statistics' per-slot sums are slot sums, and their notes figures notes. Kept for one release.

/// The former name of ``SlotSumStorage``.
@available(*, deprecated, renamed: "SlotSumStorage")
public typealias SummaryStorage = SlotSumStorage

/// The former name of ``FiguresNote``.
@available(*, deprecated, renamed: "FiguresNote")
public typealias SummaryNote = FiguresNote
