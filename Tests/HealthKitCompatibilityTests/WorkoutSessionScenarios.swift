// A workout app's session code as Apple's "Building a workout app for Apple Watch" and "Running workout sessions"
// describe it: a workout manager that is the session's and the live builder's delegate, starts the session and the
// builder together, shows live statistics, pauses and resumes, then ends the session and saves the workout from the
// delegate callback. Only the store and the samples standing in for sensors are not iOS code.
import Foundation
import HealthKit
import Testing

/// The app's workout manager, written as iOS apps write it.
final class WorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    let activeEnergy = Deliveries<Double>()
    let states = Deliveries<HKWorkoutSessionState>()
    let savedWorkouts = Deliveries<HKWorkout>()

    init(healthStore: HKHealthStore) { self.healthStore = healthStore }

    func startWorkout(workoutType: HKWorkoutActivityType) throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = workoutType
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let startDate = Date()
        session?.startActivity(with: startDate)
        builder?.beginCollection(withStart: startDate) { success, error in
            precondition(success, "beginCollection failed: \(String(describing: error))")
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        states.append(toState)
        // Wait for the session to transition states before ending the builder.
        if toState == .ended {
            builder?.endCollection(withEnd: date) { success, error in
                self.builder?.finishWorkout { workout, error in
                    if let workout { self.savedWorkouts.append(workout) }
                }
            }
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {}

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType else { return }
            let statistics = workoutBuilder.statistics(for: quantityType)
            switch statistics?.quantityType {
            case HKQuantityType.quantityType(forIdentifier: .activeEnergyBurned):
                let energyUnit = HKUnit.kilocalorie()
                activeEnergy.append(statistics?.sumQuantity()?.doubleValue(for: energyUnit) ?? 0)
            default:
                return
            }
        }
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

@Suite("Workout session scenarios: HKWorkoutSession and HKLiveWorkoutBuilder as workout apps use them")
struct WorkoutSessionScenarios {
    @Test func aWorkoutManagerRunsPausesEndsAndSavesTheWorkout() async throws {
        let store = try ScenarioDevice().healthStore()
        let typesToShare: Set = [HKQuantityType.workoutType(), HKQuantityType(.activeEnergyBurned)]
        let typesToRead: Set = [HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned), HKObjectType.workoutType()]
        try await store.requestAuthorization(toShare: typesToShare, read: typesToRead)

        let manager = WorkoutManager(healthStore: store)
        try manager.startWorkout(workoutType: .running)
        #expect(await manager.states.wait(for: 1))
        // No sensors: the app adds what the watch would measure.
        let now = Date()
        let burned = HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 8.5),
                                      start: now, end: now.addingTimeInterval(0.05))
        try await manager.builder?.addSamples([burned])
        #expect(await manager.activeEnergy.wait(for: 1))
        #expect(manager.activeEnergy.all == [8.5])

        manager.session?.pause()
        manager.session?.resume()
        manager.session?.end()
        #expect(await manager.savedWorkouts.wait(for: 1))
        #expect(manager.states.all == [.running, .paused, .running, .ended])
        let workout = try #require(manager.savedWorkouts.all.first)
        #expect(workout.workoutActivityType == .running)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 8.5)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
    }
}
