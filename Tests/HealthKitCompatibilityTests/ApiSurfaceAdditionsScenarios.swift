// The declarations the reference sweep found missing, written as iOS code: the newer predicate key paths and sort
// identifiers, the iPhone-only store calls (app extensions, estimate recalibration, the watch app, session recovery),
// the iOS 12 series query form and the workout builder's route series builder. Each test checks what the call does.
import CoreLocation
import Foundation
import HealthKit
import Testing

@Suite("API surface added by the reference sweep")
struct ApiSurfaceAdditionsScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    @Test func keyPathsHaveHealthKitsRawValuesAndFilter() async throws {
        #expect([HKPredicateKeyPathSum, HKPredicateKeyPathAverage, HKPredicateKeyPathMin, HKPredicateKeyPathMax, HKPredicateKeyPathMostRecent,
                 HKPredicateKeyPathMostRecentStartDate, HKPredicateKeyPathMostRecentEndDate, HKPredicateKeyPathMostRecentDuration]
                == ["quantity", "quantity", "min", "max", "most_recent", "most_recent_start_date", "most_recent_end_date", "most_recent_duration"])
        #expect([HKPredicateKeyPathWorkoutSumQuantity, HKPredicateKeyPathWorkoutActivityType, HKPredicateKeyPathWorkoutActivityDuration,
                 HKPredicateKeyPathWorkoutEffortRelationship, HKPredicateKeyPathWorkoutTotalFlightsClimbed]
                == ["sumQuantity", "activityType", "activityDuration", "ratingOfExertionAssociation", "totalFlightsClimbed"])
        #expect([HKPredicateKeyPathECGClassification, HKPredicateKeyPathECGSymptomsStatus, HKPredicateKeyPathAverageHeartRate]
                == ["ecg_public_classification", "ecg_symptoms_status", "ecg_average_heart_rate"])

        let healthStore = try ScenarioDevice().healthStore()
        let heartRate = HKQuantityType(.heartRate)
        try await healthStore.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let readings = [58.0, 91, 77].enumerated().map { index, value in
            let date = morning.addingTimeInterval(Double(index) * 600)
            return HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date)
        }
        try await healthStore.save(readings)
        let high = NSPredicate(format: "%K > %@", HKPredicateKeyPathMax, HKQuantity(unit: bpm, doubleValue: 80))
        let late = NSPredicate(format: "%K >= %@", HKPredicateKeyPathMostRecentStartDate, morning.addingTimeInterval(600) as NSDate)
        let found = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: high)], sortDescriptors: []).result(for: healthStore)
        #expect(found.map(\.uuid) == [readings[1].uuid])
        let recent = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: late)], sortDescriptors: []).result(for: healthStore)
        #expect(Set(recent.map(\.uuid)) == [readings[1].uuid, readings[2].uuid])
    }

    @Test @available(*, deprecated, message: "uses HealthKit's deprecated workout initialiser and series query")
    func flightsClimbedSortAndTheIOS12SeriesQuery() async throws {
        let healthStore = try ScenarioDevice().healthStore()
        try await healthStore.requestAuthorization(toShare: [HKObjectType.workoutType(), HKQuantityType(.stepCount)],
                                                   read: [HKObjectType.workoutType(), HKQuantityType(.stepCount)])
        let flights = [12.0, 3, 30].map { count in
            HKWorkout(activityType: .stairClimbing, start: morning, end: morning.addingTimeInterval(600), workoutEvents: nil,
                      totalEnergyBurned: nil, totalDistance: nil, totalFlightsClimbed: HKQuantity(unit: .count(), doubleValue: count),
                      device: nil, metadata: nil)
        }
        try await healthStore.save(flights)
        let sorted = try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(HKSampleQuery(sampleType: .workoutType(), predicate: nil, limit: HKObjectQueryNoLimit,
                                              sortDescriptors: [NSSortDescriptor(key: HKWorkoutSortIdentifierTotalFlightsClimbed, ascending: false)]) { _, samples, error in
                if let samples { continuation.resume(returning: samples) } else { continuation.resume(throwing: error!) }
            })
        }
        #expect(sorted.map(\.uuid) == [flights[2].uuid, flights[0].uuid, flights[1].uuid])

        let steps = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 420), start: morning, end: morning.addingTimeInterval(300))
        try await healthStore.save(steps)
        let calls = Deliveries<(Double?, Date?, Bool)>()
        healthStore.execute(HKQuantitySeriesSampleQuery(sample: steps) { _, quantity, date, done, _ in
            calls.append((quantity?.doubleValue(for: .count()), date, done))
        })
        #expect(await calls.wait(for: 1))
        #expect(calls.all.map(\.0) == [420] && calls.all.map(\.1) == [morning] && calls.all.map(\.2) == [true])
    }

    @Test func iPhoneOnlyStoreCallsSayWhatTheyDoHere() async throws {
        let healthStore = try ScenarioDevice().healthStore()
        let answered = Deliveries<Bool>()
        healthStore.handleAuthorizationForExtension { success, error in answered.append(success && error == nil) }
        #expect(await answered.wait(for: 1) && answered.all == [true])

        try await healthStore.recalibrateEstimates(sampleType: HKQuantityType(.vo2Max), date: morning)
        await #expect(throws: HKError.self) { try await healthStore.recalibrateEstimates(sampleType: HKQuantityType(.stepCount), date: morning) }

        do {
            try await healthStore.startWatchApp(toHandle: HKWorkoutConfiguration())
            Issue.record("there is no Apple Watch to start")
        } catch let error as HKError {
            #expect(error.code == .errorHealthDataUnavailable)
        }

        #expect(try await healthStore.recoverActiveWorkoutSession() == nil)
        let session = try HKWorkoutSession(healthStore: healthStore, configuration: HKWorkoutConfiguration())
        session.startActivity(with: nil)
        #expect(try await healthStore.recoverActiveWorkoutSession() === session)
        session.end()
        #expect(try await healthStore.recoverActiveWorkoutSession() == nil)
    }

    @Test func theWorkoutBuildersRouteSeriesBuilderIsSavedWithTheWorkout() async throws {
        let healthStore = try ScenarioDevice().healthStore()
        try await healthStore.requestAuthorization(toShare: [HKObjectType.workoutType(), HKSeriesType.workoutRoute()],
                                                   read: [HKObjectType.workoutType(), HKSeriesType.workoutRoute()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .hiking
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: .local())
        #expect(builder.seriesBuilder(for: .heartbeat()) == nil)
        let routeBuilder = try #require(builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
        #expect(builder.seriesBuilder(for: .workoutRoute()) === routeBuilder)
        try await builder.beginCollection(at: morning)
        let locations = (0..<10).map { second in
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 46.5 + Double(second) * 1e-5, longitude: 8.0), altitude: 1800,
                       horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: morning.addingTimeInterval(Double(second)))
        }
        try await routeBuilder.insertRouteData(locations)
        try await builder.endCollection(at: morning.addingTimeInterval(60))
        let workout = try #require(try await builder.finishWorkout())
        let routes = try await HKSampleQueryDescriptor(predicates: [.workoutRoute(HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: healthStore)
        #expect(routes.count == 1 && routes.first?.count == 10)
    }
}
