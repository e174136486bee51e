import Foundation

/// The units the Health app shows by default, by measurement system.
///
/// US customary: body mass lb, height and lengths in, distances mi (swimming yd), temperatures degF,
/// water fl_oz_us, speeds mi/hr. UK: body mass st, distances mi, speeds mi/hr, height in, otherwise metric.
/// Metric: kg, cm, km (swimming m), degC, mL, km/hr. Everywhere: energy kcal, rates count/min; every
/// other type its canonical unit.
enum PreferredUnitTable {
    /// The measurement systems that change preferred units.
    enum System: String, Sendable {
        case metric, us, uk

        /// The system `locale` uses.
        init(_ locale: Locale) {
            switch locale.measurementSystem {
            case .us: self = .us
            case .uk: self = .uk
            default: self = .metric
            }
        }
    }

    /// The locale preferred units follow when the store names none: the process's, except that a process with no
    /// locale configured (`LC_ALL`, `LC_MEASUREMENT` and `LANG` unset, `C` or `POSIX`, as on most CI machines and
    /// containers) takes `en_US_POSIX`, whose measurement system is US customary as Apple's Foundation defines the
    /// POSIX locale. (Foundation on Linux reads those machines as `en_001`, world English, which is metric.)
    static func defaultLocale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let setting = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let setting else { return Locale(identifier: "en_US_POSIX") }
        let name = setting.split(separator: ".").first.map(String.init) ?? setting
        return name == "C" || name == "POSIX" ? Locale(identifier: "en_US_POSIX") : .current
    }

    private typealias ID = HKQuantityTypeIdentifier

    private static let everywhere: [ID: String] = [
        .heartRate: "count/min", .restingHeartRate: "count/min", .walkingHeartRateAverage: "count/min",
        .respiratoryRate: "count/min", .heartRateRecoveryOneMinute: "count/min",
        .activeEnergyBurned: "kcal", .basalEnergyBurned: "kcal", .dietaryEnergyConsumed: "kcal",
    ]
    private static let distances: [ID] = [
        .distanceWalkingRunning, .distanceCycling, .distanceWheelchair, .distanceDownhillSnowSports,
        .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports,
    ]
    private static let temperatures: [ID] = [.bodyTemperature, .basalBodyTemperature, .appleSleepingWristTemperature, .waterTemperature]
    private static let speeds: [ID] = [.walkingSpeed, .runningSpeed, .cyclingSpeed]
    private static let lengths: [ID] = [.height, .waistCircumference, .walkingStepLength]

    private static func table(_ system: System) -> [ID: String] {
        let imperialDistance = system != .metric
        var table = everywhere
        for id in distances { table[id] = imperialDistance ? "mi" : "km" }
        for id in speeds { table[id] = imperialDistance ? "mi/hr" : "km/hr" }
        for id in temperatures { table[id] = system == .us ? "degF" : "degC" }
        for id in lengths { table[id] = system == .metric ? "cm" : "in" }
        table[.distanceSwimming] = system == .us ? "yd" : "m"
        table[.dietaryWater] = system == .us ? "fl_oz_us" : "mL"
        table[.underwaterDepth] = system == .us ? "ft" : "m"
        switch system {
        case .us: table[.bodyMass] = "lb"; table[.leanBodyMass] = "lb"
        case .uk: table[.bodyMass] = "st"; table[.leanBodyMass] = "st"
        case .metric: table[.bodyMass] = "kg"; table[.leanBodyMass] = "kg"
        }
        return table
    }

    private static let tables: [System: [ID: String]] = [.metric: table(.metric), .us: table(.us), .uk: table(.uk)]

    /// The default unit of `type` in `system`.
    static func unit(for type: HKQuantityType, in system: System) -> HKUnit {
        let text = tables[system]?[ID(rawValue: type.identifier)] ?? type.canonicalUnitString
        return HKUnit(from: text)
    }
}
