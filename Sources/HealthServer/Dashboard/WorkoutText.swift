import Foundation
import HealthKitModel
import HealthUnits

/// A workout's parts in words, as the workout pages write them: "Traditional Strength Training", "42 min", "5.21 km",
/// "412 kcal", "5:46 /km".
enum WorkoutText {
    /// The activity's name: HealthKit's case name in words ("running" → "Running", "highIntensityIntervalTraining" →
    /// "High Intensity Interval Training").
    static func activity(_ type: HKWorkoutActivityType) -> String {
        words(String(describing: type))
    }

    /// An event type's name ("motionPaused" → "Motion Paused").
    static func event(_ type: HKWorkoutEventType) -> String {
        words(String(describing: type))
    }

    /// A camel-case name in words, each capitalised.
    private static func words(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase, !text.isEmpty { text += " " }
            text += text.isEmpty || text.hasSuffix(" ") ? character.uppercased() : String(character)
        }
        return text
    }

    /// A duration in seconds: "42 min", "1 h 05 min", "35 s" under a minute.
    static func duration(_ seconds: TimeInterval) -> String {
        seconds < 60 ? "\(Int(seconds.rounded())) s" : ValueText.duration(hours: seconds / 3600)
    }

    /// A distance in kilometres: "5.21 km".
    static func distance(_ quantity: HKQuantity) -> String {
        ValueText.quantity(quantity.doubleValue(for: .meterUnit(with: .kilo)), "km")
    }

    /// Energy in kilocalories: "412 kcal".
    static func energy(_ quantity: HKQuantity) -> String {
        ValueText.quantity(quantity.doubleValue(for: .kilocalorie()), "kcal")
    }

    /// Time per kilometre over `distance` in `seconds`: "5:46 /km"; nil without distance.
    static func pace(seconds: TimeInterval, distance: HKQuantity?) -> String? {
        guard let kilometres = distance?.doubleValue(for: .meterUnit(with: .kilo)), kilometres > 0, seconds > 0 else { return nil }
        let perKilometre = Int((seconds / kilometres).rounded())
        return String(format: "%d:%02d /km", perKilometre / 60, perKilometre % 60)
    }
}
