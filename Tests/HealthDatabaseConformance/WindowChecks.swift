import Foundation
import HealthDatabase
import Testing

/// DateWindow's rules at their edges, for the window [10, 20).
enum WindowChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("window", "overlap: record.end >= start and record.start < end (ending at the start matches)", overlap),
        ConformanceCheck("window", "strict start: start <= record.start < end", strictStart),
        ConformanceCheck("window", "strict end: start <= record.end < end", strictEnd),
        ConformanceCheck("window", "both strict flags", bothStrict),
        ConformanceCheck("window", "open bounds", openBounds),
    ]

    /// The records of the window checks, by name.
    struct Samples {
        let atStart = F.quantity(1, 10)            // instantaneous at the window start
        let endsAtStart = F.quantity(2, 5, 10)     // ends exactly at the start
        let acrossStart = F.quantity(3, 5, 15)
        let acrossEnd = F.quantity(4, 15, 25)
        let startsAtEnd = F.quantity(5, 20, 30)
        let atEnd = F.quantity(6, 20)              // instantaneous at the (exclusive) end
        let before = F.quantity(7, 0, 5)
        let spanning = F.quantity(8, 5, 30)
        let endsAtEnd = F.quantity(9, 12, 20)
        let inside = F.quantity(10, 11, 19)

        var all: [SampleRecord] {
            [atStart, endsAtStart, acrossStart, acrossEnd, startsAtEnd, atEnd, before, spanning, endsAtEnd, inside]
        }

        init(_ storage: any HealthStorage) throws { _ = try storage.save(all) }
    }

    static func window(strictStart: Bool = false, strictEnd: Bool = false) -> SampleFilter {
        .window(DateWindow(start: F.date(10), end: F.date(20), strictStart: strictStart, strictEnd: strictEnd))
    }

    static func overlap(_ storage: any HealthStorage) throws {
        let s = try Samples(storage)
        try F.expect(storage, window(), [s.atStart, s.endsAtStart, s.acrossStart, s.acrossEnd, s.spanning, s.endsAtEnd, s.inside])
    }

    static func strictStart(_ storage: any HealthStorage) throws {
        let s = try Samples(storage)
        try F.expect(storage, window(strictStart: true), [s.atStart, s.acrossEnd, s.endsAtEnd, s.inside])
    }

    static func strictEnd(_ storage: any HealthStorage) throws {
        let s = try Samples(storage)
        try F.expect(storage, window(strictEnd: true), [s.atStart, s.endsAtStart, s.acrossStart, s.inside])
    }

    static func bothStrict(_ storage: any HealthStorage) throws {
        let s = try Samples(storage)
        try F.expect(storage, window(strictStart: true, strictEnd: true), [s.atStart, s.inside])
    }

    static func openBounds(_ storage: any HealthStorage) throws {
        let s = try Samples(storage)
        try F.expect(storage, .window(DateWindow(start: nil, end: nil)), s.all)
        try F.expect(storage, .window(DateWindow(start: F.date(20), end: nil)),
                     [s.acrossEnd, s.startsAtEnd, s.atEnd, s.spanning, s.endsAtEnd])
        try F.expect(storage, .window(DateWindow(start: nil, end: F.date(10))),
                     [s.endsAtStart, s.acrossStart, s.before, s.spanning])
        try F.expect(storage, .window(DateWindow(start: F.date(20), end: nil, strictStart: true)), [s.startsAtEnd, s.atEnd])
        try F.expect(storage, .window(DateWindow(start: nil, end: F.date(10), strictEnd: true)), [s.before])
    }
}
