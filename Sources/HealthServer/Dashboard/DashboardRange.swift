import Foundation

/// The periods a type's page shows, as the Health app's range tabs: a day of hourly bars, a week and a month of days,
/// six months of weeks, a year of months. Each period ends with the day the page is about (today by default).
enum DashboardRange: String, CaseIterable, Sendable {
    /// One calendar day, by the hour.
    case day
    /// The seven days ending with the day, by the day.
    case week
    /// The month (one calendar month back) ending with the day, by the day.
    case month
    /// The 26 weeks ending with the day, by the week.
    case sixMonths
    /// The twelve calendar months ending with the day's month, by the month.
    case year

    /// The tab's label.
    var title: String {
        switch self {
        case .day: "Day"
        case .week: "Week"
        case .month: "Month"
        case .sixMonths: "6 Months"
        case .year: "Year"
        }
    }

    /// The range named by `text` (the `range` query parameter), the week when nil; throws a sentence naming the
    /// allowed values otherwise.
    static func named(_ text: String?) throws -> DashboardRange {
        guard let text else { return .week }
        guard let range = DashboardRange(rawValue: text) else {
            throw ServerError.badRequest("range: \"\(text)\" must be one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return range
    }

    /// The window of this range that ends with the day `day` falls in.
    func window(endingOn day: Date, calendar: Calendar) -> ChartWindow {
        let dayStart = calendar.startOfDay(for: day)
        let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart)!
        switch self {
        case .day:
            return ChartWindow(range: self, start: dayStart, end: dayEnd, interval: DateComponents(hour: 1), calendar: calendar)
        case .week:
            return ChartWindow(range: self, start: calendar.date(byAdding: .day, value: -7, to: dayEnd)!, end: dayEnd,
                               interval: DateComponents(day: 1), calendar: calendar)
        case .month:
            return ChartWindow(range: self, start: calendar.date(byAdding: .month, value: -1, to: dayEnd)!, end: dayEnd,
                               interval: DateComponents(day: 1), calendar: calendar)
        case .sixMonths:
            return ChartWindow(range: self, start: calendar.date(byAdding: .day, value: -7 * 26, to: dayEnd)!, end: dayEnd,
                               interval: DateComponents(day: 7), calendar: calendar)
        case .year:
            let monthStart = calendar.dateInterval(of: .month, for: dayStart)!.start
            let end = calendar.date(byAdding: .month, value: 1, to: monthStart)!
            return ChartWindow(range: self, start: calendar.date(byAdding: .month, value: -12, to: end)!, end: end,
                               interval: DateComponents(month: 1), calendar: calendar)
        }
    }

    /// The day `count` of these ranges before (negative) or after `day`: where the "Earlier" and "Later" links go.
    func shift(_ day: Date, by count: Int, calendar: Calendar) -> Date {
        switch self {
        case .day: calendar.date(byAdding: .day, value: count, to: day)!
        case .week: calendar.date(byAdding: .day, value: 7 * count, to: day)!
        case .month: calendar.date(byAdding: .month, value: count, to: day)!
        case .sixMonths: calendar.date(byAdding: .day, value: 7 * 26 * count, to: day)!
        case .year: calendar.date(byAdding: .year, value: count, to: day)!
        }
    }
}

/// The calendar and the day a dashboard page is about, from its query: `tz` (an IANA time zone; the server's own by
/// default) and `date` (`YYYY-MM-DD` in that zone; today by default). Bad values are refused with a sentence naming the
/// parameter.
struct DashboardDay: Sendable {
    /// The Gregorian calendar in the page's time zone.
    let calendar: Calendar
    /// The start of the day the page is about.
    let day: Date
    /// The start of today.
    let today: Date
    /// Whether the day is today.
    var isToday: Bool { day == today }
    /// The `tz` parameter as given, which links to other pages keep.
    let zoneParameter: String?

    /// Reads `tz` and `date`; `now` is the present.
    init(timeZone: String?, date: String?, now: Date = Date()) throws {
        var calendar = Calendar(identifier: .gregorian)
        if let timeZone {
            guard let zone = TimeZone(identifier: timeZone) else { throw ServerError.badRequest("tz: \"\(timeZone)\" is not an IANA time zone") }
            calendar.timeZone = zone
        }
        self.calendar = calendar
        zoneParameter = timeZone
        today = calendar.startOfDay(for: now)
        if let date {
            let parts = date.split(separator: "-").map { Int($0) }
            guard parts.count == 3, let year = parts[0], let month = parts[1], let dayOfMonth = parts[2],
                  (1...12).contains(month), (1...31).contains(dayOfMonth), (1900...9999).contains(year),
                  let found = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth)),
                  calendar.component(.day, from: found) == dayOfMonth else {
                throw ServerError.badRequest("date: \"\(date)\" is not a day written YYYY-MM-DD")
            }
            day = found
        } else {
            day = today
        }
    }

    /// A link to `path` about `day` (this page's day when nil) with `range`, keeping the time zone; parameters left
    /// out when they are the defaults. HTML-escaped for an attribute unless `escaped` is false.
    func link(_ path: String, range: DashboardRange? = nil, day: Date? = nil, escaped: Bool = true) -> String {
        var items: [URLQueryItem] = []
        if let range { items.append(URLQueryItem(name: "range", value: range.rawValue)) }
        let shown = day ?? self.day
        if shown != today { items.append(URLQueryItem(name: "date", value: parameter(shown))) }
        if let zoneParameter { items.append(URLQueryItem(name: "tz", value: zoneParameter)) }
        var components = URLComponents()
        components.path = path
        components.queryItems = items.isEmpty ? nil : items
        let link = components.string ?? path
        return escaped ? HTML.escape(link) : link
    }

    /// `day` as the `date` parameter writes it.
    func parameter(_ day: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
