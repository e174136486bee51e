import Foundation
import HealthDatabase
import HealthKitModel

/// The Codable form of what a workout holds beyond the record's columns: events, activities, duration and
/// statistics. Quantities keep the value and unit they were given; metadata uses the fields' encoding.
struct WorkoutPayload: Codable {
    /// A quantity as given: value and unit string.
    struct Quantity: Codable {
        var value: Double
        var unit: String
    }

    /// One workout event.
    struct Event: Codable {
        var type: Int
        var start: Date
        var end: Date
        var metadata: [String: FieldValue]
    }

    /// One set of statistics (the figures a workout keeps for a quantity type).
    struct Statistics: Codable {
        var type: String
        var start: Date
        var end: Date
        var sum, average, minimum, maximum, mostRecent, duration: Quantity?
        var mostRecentStart, mostRecentEnd: Date?
    }

    /// One activity of a multisport workout.
    struct Activity: Codable {
        var uuid: UUID
        var activityType: UInt
        var locationType: Int
        var swimmingLocationType: Int
        var lapLength: Quantity?
        var start: Date
        var end: Date?
        var metadata: [String: FieldValue]
        var events: [Event]
        var statistics: [Statistics]
    }

    var activityType: UInt
    var duration: TimeInterval
    var events: [Event]
    var activities: [Activity]
    var statistics: [Statistics]
}

extension WorkoutPayload.Quantity {
    /// The payload form of `quantity`.
    init(_ quantity: HKQuantity) { self.init(value: quantity.originalValue, unit: quantity.originalUnit.unitString) }

    /// The quantity back.
    func quantity() throws(HKError) -> HKQuantity {
        try MetadataMapping.quantity(fromText: "\(value) \(unit)", key: "workout payload")
    }
}

extension WorkoutPayload.Event {
    /// The payload form of `event`.
    init(_ event: HKWorkoutEvent) throws(HKError) {
        self.init(type: event.type.rawValue, start: event.dateInterval.start, end: event.dateInterval.end,
                  metadata: try MetadataMapping.fields(from: event.metadata))
    }

    /// The event back.
    func event() throws(HKError) -> HKWorkoutEvent {
        guard let type = HKWorkoutEventType(rawValue: type) else {
            throw HKError(.errorInvalidArgument, "Stored workout event has unknown type \(self.type)")
        }
        return try HKWorkoutEvent.checked(type: type, dateInterval: DateInterval(start: start, end: end),
                                          metadata: try MetadataMapping.metadata(from: metadata))
    }
}

extension WorkoutPayload.Statistics {
    /// The payload form of `statistics`.
    init(_ statistics: HKStatistics) {
        let interval = statistics.mostRecentQuantityDateInterval()
        self.init(type: statistics.quantityType.identifier, start: statistics.startDate, end: statistics.endDate,
                  sum: statistics.sumQuantity().map(WorkoutPayload.Quantity.init),
                  average: statistics.averageQuantity().map(WorkoutPayload.Quantity.init),
                  minimum: statistics.minimumQuantity().map(WorkoutPayload.Quantity.init),
                  maximum: statistics.maximumQuantity().map(WorkoutPayload.Quantity.init),
                  mostRecent: statistics.mostRecentQuantity().map(WorkoutPayload.Quantity.init),
                  duration: statistics.duration().map(WorkoutPayload.Quantity.init),
                  mostRecentStart: interval?.start, mostRecentEnd: interval?.end)
    }

    /// The statistics back, keyed by their quantity type.
    func statistics() throws(HKError) -> (HKQuantityType, HKStatistics) {
        guard let quantityType = HKObjectType.type(forIdentifier: type) as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, "Stored workout statistics name unknown quantity type \(type)")
        }
        let interval = mostRecentStart.flatMap { start in mostRecentEnd.map { DateInterval(start: start, end: $0) } }
        let figures = HKStatistics.Figures(
            sum: try sum?.quantity(), average: try average?.quantity(), minimum: try minimum?.quantity(),
            maximum: try maximum?.quantity(), mostRecent: try mostRecent?.quantity(),
            mostRecentDateInterval: interval, duration: try duration?.quantity())
        return (quantityType, HKStatistics(quantityType: quantityType, startDate: start, endDate: end, merged: figures))
    }

    /// A dictionary of statistics in payload form, in a stable order.
    static func list(_ statistics: [HKQuantityType: HKStatistics]) -> [Self] {
        statistics.values.sorted { $0.quantityType.identifier < $1.quantityType.identifier }.map(Self.init)
    }

    /// Payload statistics back as a dictionary.
    static func dictionary(_ list: [Self]) throws(HKError) -> [HKQuantityType: HKStatistics] {
        var result: [HKQuantityType: HKStatistics] = [:]
        for item in list {
            let (type, statistics) = try item.statistics()
            result[type] = statistics
        }
        return result
    }
}
