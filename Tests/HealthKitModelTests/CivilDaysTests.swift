import Foundation
import HealthKitModel
import Testing

/// Day numbers and civil dates, both ways.
@Suite struct CivilDaysTests {
    @Test("civil(daysSince1970:) undoes since1970 over ±2,700 years, and agrees with Foundation's Gregorian calendar after 1582")
    func roundTrip() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var wrong: [Int] = []
        for days in -1_000_000...1_000_000 {
            let (year, month, day) = CivilDays.civil(daysSince1970: days)
            var right = CivilDays.since1970(year: year, month: month, day: day) == days
                && (1...12).contains(month) && (1...CivilDays.inMonth(month, year: year)).contains(day)
            if days.isMultiple(of: 97), days > -141_000 {  // from 1583, where Foundation's calendar is Gregorian too
                let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
                right = right && parts.year == year && parts.month == month && parts.day == day
            }
            if !right { wrong.append(days) }
        }
        #expect(wrong.isEmpty, "wrong for days \(wrong.prefix(10))")
    }
}
