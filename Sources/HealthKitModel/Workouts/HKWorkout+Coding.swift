public import Foundation

// NSSecureCoding for a workout's parts, as HealthKit's classes adopt it: events, configurations, activities and
// statistics, so that an archived HKWorkout unarchives whole.

extension HKWorkoutEvent: NSSecureCoding {
    /// Events archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type, interval and metadata.
    public func encode(with coder: NSCoder) {
        coder.encode(type.rawValue, forKey: "type")
        coder.encode(dateInterval.start as NSDate, forKey: "start")
        coder.encode(dateInterval.duration, forKey: "duration")
        coder.encode(ObjectCoding.archived(metadata), forKey: "metadata")
    }

    /// Unarchives an event; fails on an unknown type or a missing start.
    public convenience init?(coder: NSCoder) {
        guard let type = HKWorkoutEventType(rawValue: coder.decodeInteger(forKey: "type")),
              let start = coder.decodeObject(of: NSDate.self, forKey: "start") else { return nil }
        self.init(type: type, dateInterval: DateInterval(start: start as Date, duration: max(0, coder.decodeDouble(forKey: "duration"))),
                  metadata: ObjectCoding.metadata(from: coder.decodeObject(of: ObjectCoding.archivableClasses, forKey: "metadata") as? NSDictionary))
    }
}

extension HKWorkoutConfiguration: NSSecureCoding {
    /// Configurations archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the activity, location and swimming location types and the lap length.
    public func encode(with coder: NSCoder) {
        coder.encode(Int(activityType.rawValue), forKey: "activityType")
        coder.encode(locationType.rawValue, forKey: "locationType")
        coder.encode(swimmingLocationType.rawValue, forKey: "swimmingLocationType")
        coder.encode(lapLength, forKey: "lapLength")
    }

    /// Unarchives a configuration; unknown values fall back to `.other` and `.unknown`.
    public convenience init?(coder: NSCoder) {
        self.init()
        activityType = HKWorkoutActivityType(rawValue: UInt(max(0, coder.decodeInteger(forKey: "activityType")))) ?? .other
        locationType = HKWorkoutSessionLocationType(rawValue: coder.decodeInteger(forKey: "locationType")) ?? .unknown
        swimmingLocationType = HKWorkoutSwimmingLocationType(rawValue: coder.decodeInteger(forKey: "swimmingLocationType")) ?? .unknown
        lapLength = coder.decodeObject(of: HKQuantity.self, forKey: "lapLength")
    }
}

extension HKWorkoutActivity: NSSecureCoding {
    /// Activities archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the activity with its configuration, interval, metadata, events and statistics.
    public func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString as NSString, forKey: "uuid")
        coder.encode(workoutConfiguration, forKey: "configuration")
        coder.encode(startDate as NSDate, forKey: "start")
        coder.encode(endDate.map { $0 as NSDate }, forKey: "end")
        coder.encode(ObjectCoding.archived(metadata), forKey: "metadata")
        coder.encode(NSArray(array: workoutEvents), forKey: "events")
        coder.encode(NSArray(array: Array(allStatistics.values)), forKey: "statistics")
    }

    /// Unarchives an activity; fails without its UUID, configuration or start.
    public convenience init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "uuid"), let uuid = UUID(uuidString: text as String),
              let configuration = coder.decodeObject(of: HKWorkoutConfiguration.self, forKey: "configuration"),
              let start = coder.decodeObject(of: NSDate.self, forKey: "start") else { return nil }
        self.init(uuid: uuid, configuration: configuration, start: start as Date,
                  end: coder.decodeObject(of: NSDate.self, forKey: "end") as Date?,
                  metadata: ObjectCoding.metadata(from: coder.decodeObject(of: ObjectCoding.archivableClasses, forKey: "metadata") as? NSDictionary),
                  events: ObjectCoding.array(coder, forKey: "events"), statistics: ObjectCoding.statistics(coder, forKey: "statistics"))
    }
}

extension HKStatistics: NSSecureCoding {
    /// Statistics archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type, interval and figures, merged and (when separated by source) per source.
    public func encode(with coder: NSCoder) {
        coder.encode(quantityType.identifier as NSString, forKey: "quantityType")
        coder.encode(startDate as NSDate, forKey: "start")
        coder.encode(endDate as NSDate, forKey: "end")
        coder.encode(Self.archived(figures(for: nil)), forKey: "merged")
        if let sources {
            coder.encode(NSArray(array: sources), forKey: "sources")
            coder.encode(NSArray(array: sources.map { Self.archived(figures(for: $0)) }), forKey: "bySource")
        }
    }

    /// Unarchives statistics; fails without a quantity type or interval.
    public convenience init?(coder: NSCoder) {
        guard let type = ObjectCoding.sampleType(coder, forKey: "quantityType") as? HKQuantityType,
              let start = coder.decodeObject(of: NSDate.self, forKey: "start"),
              let end = coder.decodeObject(of: NSDate.self, forKey: "end") else { return nil }
        let classes = ObjectCoding.archivableClasses
        let merged = Self.figures(coder.decodeObject(of: classes, forKey: "merged") as? NSDictionary)
        var bySource: [HKSource: Figures]?
        if coder.containsValue(forKey: "sources"), let sources = coder.decodeObject(of: classes, forKey: "sources") as? [HKSource],
           let figures = coder.decodeObject(of: classes, forKey: "bySource") as? [NSDictionary], sources.count == figures.count {
            bySource = Dictionary(zip(sources, figures.map { Self.figures($0) }), uniquingKeysWith: { first, _ in first })
        }
        self.init(quantityType: type, startDate: start as Date, endDate: end as Date, merged: merged, bySource: bySource)
    }

    /// The figures of `source` (merged when nil), read through the public accessors.
    private func figures(for source: HKSource?) -> Figures {
        guard let source else {
            return Figures(sum: sumQuantity(), average: averageQuantity(), minimum: minimumQuantity(), maximum: maximumQuantity(),
                           mostRecent: mostRecentQuantity(), mostRecentDateInterval: mostRecentQuantityDateInterval(), duration: duration())
        }
        return Figures(sum: sumQuantity(for: source), average: averageQuantity(for: source), minimum: minimumQuantity(for: source),
                       maximum: maximumQuantity(for: source), mostRecent: mostRecentQuantity(for: source),
                       mostRecentDateInterval: mostRecentQuantityDateInterval(for: source), duration: duration(for: source))
    }

    private static func archived(_ figures: Figures) -> NSDictionary {
        let dictionary = NSMutableDictionary()
        let quantities: [(String, HKQuantity?)] = [("sum", figures.sum), ("average", figures.average), ("minimum", figures.minimum),
                                                   ("maximum", figures.maximum), ("mostRecent", figures.mostRecent), ("duration", figures.duration)]
        for case let (key, quantity?) in quantities { dictionary[key as NSString] = quantity }
        if let interval = figures.mostRecentDateInterval {
            dictionary["mostRecentStart" as NSString] = interval.start as NSDate
            dictionary["mostRecentEnd" as NSString] = interval.end as NSDate
        }
        return dictionary
    }

    private static func figures(_ dictionary: NSDictionary?) -> Figures {
        func quantity(_ key: String) -> HKQuantity? { dictionary?[key as NSString] as? HKQuantity }
        var interval: DateInterval?
        if let start = dictionary?["mostRecentStart" as NSString] as? NSDate, let end = dictionary?["mostRecentEnd" as NSString] as? NSDate {
            interval = DateInterval(start: start as Date, end: max(start as Date, end as Date))
        }
        return Figures(sum: quantity("sum"), average: quantity("average"), minimum: quantity("minimum"), maximum: quantity("maximum"),
                       mostRecent: quantity("mostRecent"), mostRecentDateInterval: interval, duration: quantity("duration"))
    }
}
