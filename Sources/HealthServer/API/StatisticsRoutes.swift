import Foundation
import HealthKitModel
import HealthUnits
import Hummingbird
import OpenHealthKit

/// `/v1/statistics`: `HKStatisticsQuery` and `HKStatisticsCollectionQuery` over HTTP.
///
/// Parameters: `type` (a quantity type), the filter parameters (``QueryParameters``), `options` (comma-separated:
/// `cumulativeSum`, `discreteAverage`, `discreteMin`, `discreteMax`, `mostRecent`, `duration`, `separateBySource`),
/// `unit` (default: the person's preferred unit for the type), and for a collection `interval` (`minute`, `hour`,
/// `day`, `week`, `month`, `year`) with `intervalCount` (default 1), `anchorDate` (default: midnight before `start` in
/// `timeZone`) and `timeZone` (an IANA name, default UTC). A collection needs `start` and `end`: its statistics are
/// those of every interval between them, as `enumerateStatistics(from:to:)` gives them.
struct StatisticsRoutes: Sendable {
    let services: ServerServices

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/v1/statistics") { request, _ in try await statistics(request) }
    }

    /// The figures of one interval.
    struct Figures: Encodable, JSONWritable {
        var startDate: Date
        var endDate: Date
        var sum: Double?
        var average: Double?
        var minimum: Double?
        var maximum: Double?
        var mostRecent: Double?
        var mostRecentDate: Date?
        var duration: Double?
        var sources: [SourceFigures]?

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("average", average)
                try json.field("duration", duration)
                try json.field("endDate", endDate)
                try json.field("maximum", maximum)
                try json.field("minimum", minimum)
                try json.field("mostRecent", mostRecent)
                try json.field("mostRecentDate", mostRecentDate)
                try json.field("sources", sources)
                try json.field("startDate", startDate)
                try json.field("sum", sum)
            }
        }
    }

    /// One source's figures (with `separateBySource`).
    struct SourceFigures: Encodable, JSONWritable {
        var source: WireSource
        var sum: Double?
        var average: Double?
        var minimum: Double?
        var maximum: Double?
        var mostRecent: Double?
        var duration: Double?

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("average", average)
                try json.field("duration", duration)
                try json.field("maximum", maximum)
                try json.field("minimum", minimum)
                try json.field("mostRecent", mostRecent)
                try json.field("source", source)
                try json.field("sum", sum)
            }
        }
    }

    /// The answer: the unit every value is in, and the intervals.
    struct StatisticsPage: Encodable, JSONWritable {
        var unit: String
        var statistics: [Figures]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("statistics", statistics)
                try json.field("unit", unit)
            }
        }
    }

    private static let optionNames: [String: HKStatisticsOptions] = [
        "cumulativeSum": .cumulativeSum, "discreteAverage": .discreteAverage, "discreteMin": .discreteMin,
        "discreteMax": .discreteMax, "mostRecent": .mostRecent, "discreteMostRecent": .mostRecent,
        "duration": .duration, "separateBySource": .separateBySource,
    ]

    private static let intervals: [String: Calendar.Component] = [
        "second": .second, "minute": .minute, "hour": .hour, "day": .day, "week": .weekOfYear, "month": .month, "year": .year,
    ]

    /// `GET /v1/statistics`.
    func statistics(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let parameters = QueryParameters(request)
        guard let type = try parameters.sampleType() as? HKQuantityType else {
            throw ServerError.badRequest("type: statistics need a quantity type")
        }
        let options = try Self.options(parameters.one("options") ?? "")
        let predicate = try parameters.predicate()
        let unit = try await self.unit(parameters.one("unit"), type: type, store: access.store)
        try access.log(.read, [type])
        guard let interval = parameters.one("interval") else {
            guard let statistics = try await QueryRunner.statistics(access.store, type: type, predicate: predicate, options: options) else {
                throw HKError(.errorNoData, "No data available for the specified predicate.")
            }
            return try APIResponses.json(StatisticsPage(unit: unit.unitString, statistics: [figures(statistics, unit: unit, options: options)]))
        }
        guard let component = Self.intervals[interval] else {
            throw ServerError.badRequest("interval: \"\(interval)\" must be one of \(Self.intervals.keys.sorted().joined(separator: ", "))")
        }
        guard let start = try parameters.date("start"), let end = try parameters.date("end") else {
            throw ServerError.badRequest("a statistics collection (interval) needs start and end")
        }
        let count = try parameters.integer("intervalCount", in: 1...10_000, fallback: 1)
        var calendar = Calendar(identifier: .gregorian)
        if let name = parameters.one("timeZone") {
            guard let zone = TimeZone(identifier: name) else { throw ServerError.badRequest("timeZone: \"\(name)\" is not an IANA time zone") }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = TimeZone(identifier: "UTC")!
        }
        let anchor = try parameters.date("anchorDate") ?? calendar.startOfDay(for: start)
        var components = DateComponents()
        components.setValue(count, for: component)
        guard let approximate = calendar.date(byAdding: components, to: start), approximate > start,
              end.timeIntervalSince(start) / approximate.timeIntervalSince(start) <= 10_000 else {
            throw ServerError.badRequest("start to end spans more than 10,000 intervals; use a longer interval or a shorter range")
        }
        let query = try HKStatisticsCollectionQuery.checked(quantityType: type, quantitySamplePredicate: predicate, options: options,
                                                            anchorDate: anchor, intervalComponents: components)
        query.intervalCalendar = calendar
        let collection = try await QueryRunner.collection(access.store, query: query)
        var figures: [Figures] = []
        collection.enumerateStatistics(from: start, to: end) { statistics, _ in
            figures.append(self.figures(statistics, unit: unit, options: options))
        }
        return try APIResponses.json(StatisticsPage(unit: unit.unitString, statistics: figures))
    }

    private static func options(_ text: String) throws -> HKStatisticsOptions {
        var options: HKStatisticsOptions = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let option = optionNames[name] else {
                throw ServerError.badRequest("options: \"\(name)\" is not one of \(optionNames.keys.sorted().joined(separator: ", "))")
            }
            options.insert(option)
        }
        return options
    }

    private func unit(_ text: String?, type: HKQuantityType, store: HKHealthStore) async throws -> HKUnit {
        guard let text else {
            return try await store.preferredUnits(for: [type])[type] ?? type.canonicalUnit
        }
        let unit: HKUnit
        do { unit = try HKUnit.checked(from: text) } catch { throw ServerError.badRequest("unit: \"\(text)\" is not a unit: \(error)") }
        guard type.is(compatibleWith: unit) else { throw ServerError.badRequest("unit: \(text) does not fit \(type.identifier)") }
        return unit
    }

    private func figures(_ statistics: HKStatistics, unit: HKUnit, options: HKStatisticsOptions) -> Figures {
        func value(_ quantity: HKQuantity?) -> Double? { quantity.map { $0.doubleValue(for: unit) } }
        func seconds(_ quantity: HKQuantity?) -> Double? { quantity.map { $0.doubleValue(for: .second()) } }
        let sources = options.contains(.separateBySource) ? statistics.sources?.map { source in
            SourceFigures(source: WireSource(name: source.name, bundleIdentifier: source.bundleIdentifier),
                          sum: value(statistics.sumQuantity(for: source)), average: value(statistics.averageQuantity(for: source)),
                          minimum: value(statistics.minimumQuantity(for: source)), maximum: value(statistics.maximumQuantity(for: source)),
                          mostRecent: value(statistics.mostRecentQuantity(for: source)), duration: seconds(statistics.duration(for: source)))
        }.sorted { $0.source.bundleIdentifier < $1.source.bundleIdentifier } : nil
        return Figures(startDate: statistics.startDate, endDate: statistics.endDate, sum: value(statistics.sumQuantity()),
                       average: value(statistics.averageQuantity()), minimum: value(statistics.minimumQuantity()),
                       maximum: value(statistics.maximumQuantity()), mostRecent: value(statistics.mostRecentQuantity()),
                       mostRecentDate: statistics.mostRecentQuantityDateInterval()?.start, duration: seconds(statistics.duration()),
                       sources: sources)
    }
}
