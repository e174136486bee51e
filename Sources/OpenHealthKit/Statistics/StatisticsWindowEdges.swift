import Foundation
import HealthDatabase

/// Which intervals of a collection a date-window predicate can change, so that the others come from the summaries.
///
/// The summaries hold every sample of the type; an interval's figures depend only on the samples contributing to it
/// (overlapping it, or an instant inside it). So an interval whose contributing samples all match the predicate's
/// windows has the summaries' figures, and only the others are computed from the matching samples. For a window
/// `[s, e)` (``DateWindow``'s rules), an interval `[a, b)` is **safe** when it lies inside `[s, e]` and:
///
/// - without options: always (a sample contributing to it overlaps the window);
/// - `strictStartDate`: no sample starting before `s` reaches past `a` (only samples crossing `s` can);
/// - `strictEndDate`: no sample ending at or after `e` starts before `b` (samples crossing or ending at `e`), and
///   `b < e` (a sample wholly inside the last slot may end exactly at `e`).
///
/// Intervals start and end on slot edges, so a sample crossing a window edge that is a slot edge crosses a slot edge
/// and is one of the summaries' raw samples; a window edge inside a slot lies inside an interval, which is then not
/// inside the window and is computed from the samples anyway. The raw samples are in memory (``SlotCache``), so
/// finding the crossing ones reads nothing.
enum StatisticsWindowEdges {
    /// For each of the consecutive `intervals`: whether it must be computed from the samples under `windows`.
    /// `reaching(date)` gives the raw samples that start before `date` and end at or after it.
    static func unsafe(_ intervals: [DateInterval], windows: [DateWindow],
                       reaching: (Date) -> [DateInterval]) -> [Bool] {
        var unsafe = [Bool](repeating: false, count: intervals.count)
        for window in windows {
            let start = window.start ?? .distantPast, end = window.end ?? .distantFuture
            // Samples starting before the window that a strict start excludes reach up to here.
            let excludedUntil = window.strictStart && window.start != nil
                ? reaching(start).filter { $0.start < start }.map(\.end).max() : nil
            // Samples ending at or after the window's end that a strict end excludes start from here.
            let excludedFrom = window.strictEnd && window.end != nil ? reaching(end).map(\.start).min() : nil
            for (index, interval) in intervals.enumerated() where !unsafe[index] {
                if interval.start < start || interval.end > end {
                    unsafe[index] = true
                } else if let until = excludedUntil, interval.start < until {
                    unsafe[index] = true
                } else if window.strictEnd, window.end != nil,
                          interval.end >= end || excludedFrom.map({ interval.end > $0 }) == true {
                    unsafe[index] = true
                }
            }
        }
        return unsafe
    }
}
