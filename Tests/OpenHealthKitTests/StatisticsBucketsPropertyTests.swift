import Foundation
import Testing
@testable import OpenHealthKit
import TestSupport

@Suite("Statistics bucket properties")
struct StatisticsBucketsPropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]
    static let steps: [DateComponents] = [
        DateComponents(minute: 15), DateComponents(hour: 1), DateComponents(day: 1), DateComponents(weekOfYear: 1),
        DateComponents(month: 1), DateComponents(year: 1), DateComponents(hour: 6),
    ]

    @Test("The bucket containing a date contains it, starts on a boundary, and buckets tile the request")
    func containmentAndTiling() {
        var rng = SeededGenerator(seed: 42)
        let base = StatisticsFixtures.date(2024, 1, 1).timeIntervalSinceReferenceDate
        for _ in 0..<150 {
            let zone = TimeZone(identifier: Self.zones.randomElement(using: &rng)!)!
            let step = Self.steps.randomElement(using: &rng)!
            let anchor = Date(timeIntervalSinceReferenceDate: base + Double.random(in: -4e7...4e7, using: &rng).rounded())
            let buckets = StatisticsBuckets(anchor: anchor, components: step,
                                            calendar: Calendar(identifier: .gregorian), timeZone: zone)!
            let date = Date(timeIntervalSinceReferenceDate: base + Double.random(in: -6e7...6e7, using: &rng).rounded())
            let bucket = buckets.interval(containing: date)
            #expect(bucket.start <= date && date < bucket.end, "\(zone.identifier) \(step) \(anchor) \(date)")
            #expect(buckets.boundary(buckets.index(containing: date)) == bucket.start)
            let end = date.addingTimeInterval(Double.random(in: 1...3e6, using: &rng))
            let tiles = buckets.intervals(from: date, to: end)
            #expect(tiles.first?.start == bucket.start && tiles.last.map { $0.end >= end } == true)
            #expect(zip(tiles, tiles.dropFirst()).allSatisfy { $0.end == $1.start && $0.duration > 0 })
        }
    }
}
