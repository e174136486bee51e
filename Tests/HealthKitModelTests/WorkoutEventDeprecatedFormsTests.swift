import Foundation
import HealthKitModel
import Testing

@Suite("Workout events: HealthKit's deprecated date initialisers")
struct WorkoutEventDeprecatedFormsTests {
    let start = Date(timeIntervalSince1970: 1_710_054_000)

    @Test @available(*, deprecated, message: "exercises HKWorkoutEvent(type:date:metadata:), deprecated in HealthKit")
    func aDateWithMetadataIsAnInstantaneousEventKeepingTheMetadata() {
        let lap = HKWorkoutEvent(type: .lap, date: start, metadata: [HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 25)])
        #expect(lap.type == .lap)
        #expect(lap.dateInterval == DateInterval(start: start, duration: 0))
        #expect((lap.metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter()) == 25)
        let modern = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: start, duration: 0),
                                    metadata: [HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 25)])
        #expect(lap == modern)
        let marker = HKWorkoutEvent(type: .marker, date: start, metadata: ["segment": "warm-up"])
        #expect(marker.metadata?["segment"] as? String == "warm-up")
        #expect(marker.date == start)
    }
}
