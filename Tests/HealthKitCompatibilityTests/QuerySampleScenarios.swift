// Sample queries written the way Apple's "Reading data from HealthKit", "Executing sample queries" and
// "Running queries with Swift concurrency" articles and the HKQuery predicate pages write them: date windows,
// sort descriptors and limits, compound predicates, predicate format strings with HealthKit's key paths,
// sleep stages, workouts, and the privacy rule that an app without read access only sees its own data.
import Foundation
import HealthKit
import Testing

extension HKHealthStore {
    /// The classic completion-handler query, bridged to async as apps do.
    fileprivate func runSampleQuery(_ type: HKSampleType, predicate: NSPredicate?, limit: Int = HKObjectQueryNoLimit,
                                    sortDescriptors: [NSSortDescriptor]? = nil) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors) { _, results, error in
                guard let results else {
                    continuation.resume(throwing: error ?? HKError(.errorInvalidArgument))
                    return
                }
                continuation.resume(returning: results)
            }
            execute(query)
        }
    }
}

@Suite("Query scenarios: sample queries, predicates and sort descriptors")
struct QuerySampleScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600) // 2024-03-10 08:00:00 UTC
    let heartRateType = HKQuantityType(.heartRate)
    let bpm = HKUnit(from: "count/min")

    private func store(_ device: ScenarioDevice, app: String = ScenarioDevice.stepCounterApp,
                       share: Set<HKSampleType>? = nil, read: Set<HKObjectType>? = nil) async throws -> HKHealthStore {
        let types: Set<HKSampleType> = [heartRateType, HKQuantityType(.stepCount), HKCategoryType(.sleepAnalysis), .workoutType()]
        let healthStore = device.healthStore(app: app)
        try await healthStore.requestAuthorization(toShare: share ?? types, read: read ?? Set(types.map { $0 as HKObjectType }))
        return healthStore
    }

    private func heartRate(_ value: Double, minutes: Double, metadata: [String: Any]? = nil) -> HKQuantitySample {
        let date = morning.addingTimeInterval(minutes * 60)
        return HKQuantitySample(type: heartRateType, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date, metadata: metadata)
    }

    private func values(_ samples: [HKSample]) -> [Double] {
        samples.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: bpm) }
    }

    /// Eight readings, every ten minutes from 08:00: 60, 62, … 74 bpm.
    private func saveMorningReadings(_ healthStore: HKHealthStore) async throws {
        try await healthStore.save((0..<8).map { heartRate(60 + Double($0) * 2, minutes: Double($0) * 10) })
    }

    @Test func latestReadingsInAWindowNewestFirst() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await saveMorningReadings(healthStore)

        // Readings starting in [08:15, 09:15): 08:20 … 09:10 → 64 … 74 bpm; the newest three are 74, 72, 70.
        let window = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(15 * 60), end: morning.addingTimeInterval(75 * 60),
                                                 options: .strictStartDate)
        let newestFirst = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
        let latest = try await healthStore.runSampleQuery(heartRateType, predicate: window, limit: 3, sortDescriptors: [newestFirst])
        #expect(values(latest) == [74, 72, 70])
        #expect(latest.first?.startDate == morning.addingTimeInterval(70 * 60))

        // No limit: all six in the window, oldest first by end date.
        let oldestFirst = NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: true)
        let all = try await healthStore.runSampleQuery(heartRateType, predicate: window, sortDescriptors: [oldestFirst])
        #expect(values(all) == [64, 66, 68, 70, 72, 74])
        #expect(HKObjectQueryNoLimit == 0)

        // A window with both ends strict: readings entirely inside [08:05, 08:35] → 08:10, 08:20, 08:30.
        let strict = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(5 * 60), end: morning.addingTimeInterval(35 * 60),
                                                 options: [.strictStartDate, .strictEndDate])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: strict, sortDescriptors: [oldestFirst])) == [62, 64, 66])
    }

    @Test func sampleQueryDescriptorWithSwiftSortDescriptors() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await saveMorningReadings(healthStore)

        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRateType)],
            sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)],
            limit: 2)
        let latest: [HKQuantitySample] = try await descriptor.result(for: healthStore)
        #expect(latest.map { $0.quantity.doubleValue(for: bpm) } == [74, 72])

        let firstOfTheDay = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRateType, predicate: HKQuery.predicateForSamples(withStart: morning, end: nil))],
            sortDescriptors: [SortDescriptor(\.endDate)],
            limit: 1)
        let first = try await firstOfTheDay.result(for: healthStore)
        #expect(first.count == 1)
        #expect(first.first?.quantity.doubleValue(for: bpm) == 60)

        // No limit at all.
        let everything = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRateType)],
                                                           sortDescriptors: []).result(for: healthStore)
        #expect(everything.count == 8)
    }

    @Test func oneQueryOverSeveralTypesWithQueryDescriptors() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        try await saveMorningReadings(healthStore)
        let stepType = HKQuantityType(.stepCount)
        try await healthStore.save([
            HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 300), start: morning, end: morning.addingTimeInterval(300)),
            HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 900), start: morning.addingTimeInterval(3600),
                             end: morning.addingTimeInterval(3900)),
        ])
        // Heart rates of at least 70 bpm (70, 72, 74) and every step sample (2).
        let descriptors = [
            HKQueryDescriptor(sampleType: heartRateType,
                              predicate: HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: bpm, doubleValue: 70))),
            HKQueryDescriptor(sampleType: stepType, predicate: nil),
        ]
        let results: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples ?? []) }
            }
            healthStore.execute(query)
        }
        #expect(results.count == 5)
        #expect(results.filter { $0.sampleType == heartRateType }.count == 3)
        #expect(results.filter { $0.sampleType == stepType }.count == 2)
    }

    /// 07:00 58 sedentary · 08:10 95 active · 08:20 120 active · 08:30 130 (no context) · 08:40 105 sedentary · 10:00 140 active.
    private func saveWorkdayReadings(_ healthStore: HKHealthStore) async throws -> [HKQuantitySample] {
        let sedentary = [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue]
        let active = [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.active.rawValue]
        let readings = [
            heartRate(58, minutes: -60, metadata: sedentary),
            heartRate(95, minutes: 10, metadata: active),
            heartRate(120, minutes: 20, metadata: active),
            heartRate(130, minutes: 30),
            heartRate(105, minutes: 40, metadata: sedentary),
            heartRate(140, minutes: 120, metadata: active),
        ]
        try await healthStore.save(readings)
        return readings
    }

    @Test func compoundPredicatesOfDatesMetadataAndQuantities() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let readings = try await saveWorkdayReadings(healthStore)
        let byValue = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]

        let inTheHour = HKQuery.predicateForSamples(withStart: morning, end: morning.addingTimeInterval(3600), options: .strictStartDate)
        let hasContext = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyHeartRateMotionContext)
        let elevated = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: bpm, doubleValue: 100))
        let all = NSCompoundPredicate(andPredicateWithSubpredicates: [inTheHour, hasContext, elevated])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: all, sortDescriptors: byValue)) == [120, 105])

        let whileActive = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyHeartRateMotionContext, operatorType: .equalTo,
                                                      value: HKHeartRateMotionContext.active.rawValue)
        let activeInTheHour = NSCompoundPredicate(andPredicateWithSubpredicates: [inTheHour, whileActive])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: activeInTheHour, sortDescriptors: byValue)) == [95, 120])

        let low = HKQuery.predicateForQuantitySamples(with: .lessThan, quantity: HKQuantity(unit: bpm, doubleValue: 60))
        let high = HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: bpm, doubleValue: 135))
        let outliers = NSCompoundPredicate(orPredicateWithSubpredicates: [low, high])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: outliers, sortDescriptors: byValue)) == [58, 140])

        let noContext = NSCompoundPredicate(notPredicateWithSubpredicate: hasContext)
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: noContext)) == [130])

        let whileSitting = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyHeartRateMotionContext,
                                                            allowedValues: [HKHeartRateMotionContext.sedentary.rawValue])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: whileSitting, sortDescriptors: byValue)) == [58, 105])

        let picked = HKQuery.predicateForObjects(with: Set([readings[0].uuid, readings[5].uuid]))
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: picked, sortDescriptors: byValue)) == [58, 140])

        // Quantities compare across units: 2 Hz is 120 bpm.
        let twoHertz = HKQuery.predicateForQuantitySamples(with: .equalTo, quantity: HKQuantity(unit: .hertz(), doubleValue: 2))
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: twoHertz)) == [120])
    }

    @Test func predicateFormatStringsWithHealthKitKeyPaths() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let readings = try await saveWorkdayReadings(healthStore)
        let byDate = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]

        // The metadata page's explicit form of predicateForObjects(withMetadataKey:).
        let explicitMetadataKey = NSPredicate(format: "%K.%K != nil", HKPredicateKeyPathMetadata, HKMetadataKeyHeartRateMotionContext)
        let withContext = try await healthStore.runSampleQuery(heartRateType, predicate: explicitMetadataKey, sortDescriptors: byDate)
        #expect(values(withContext) == [58, 95, 120, 105, 140])

        // Dates, as the predicateForSamples(withStart:end:options:) page spells them.
        let windowStart = morning, windowEnd = morning.addingTimeInterval(3600)
        let explicitWindow = NSPredicate(format: "%K >= %@ AND %K < %@", HKPredicateKeyPathStartDate, windowStart as NSDate,
                                         HKPredicateKeyPathStartDate, windowEnd as NSDate)
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: explicitWindow, sortDescriptors: byDate))
                == [95, 120, 130, 105])

        // Quantities, with an HKQuantity argument.
        let explicitQuantity = NSPredicate(format: "%K > %@", HKPredicateKeyPathQuantity, HKQuantity(unit: bpm, doubleValue: 125))
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: explicitQuantity, sortDescriptors: byDate)) == [130, 140])

        // One object by UUID.
        let explicitUUID = NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, readings[3].uuid as NSUUID)
        #expect(try await healthStore.runSampleQuery(heartRateType, predicate: explicitUUID).map(\.uuid) == [readings[3].uuid])

        // A metadata value compared in the format string.
        let explicitActive = NSPredicate(format: "%K.%K == %d", HKPredicateKeyPathMetadata, HKMetadataKeyHeartRateMotionContext,
                                         HKHeartRateMotionContext.active.rawValue)
        let active = try await healthStore.runSampleQuery(heartRateType, predicate: explicitActive, sortDescriptors: byDate)
        #expect(values(active) == [95, 120, 140])

        // Combined with a factory predicate.
        let mixed = NSCompoundPredicate(andPredicateWithSubpredicates: [explicitWindow, explicitQuantity])
        #expect(values(try await healthStore.runSampleQuery(heartRateType, predicate: mixed)) == [130])
    }

    @Test func aUUIDPassedAsCVarArgLikeCoreDataCode() async throws {
        // iOS code commonly writes `NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, uuid as CVarArg)`; on Darwin a
        // UUID coerces to CVarArg through its NSUUID bridge. swift-corelibs-foundation's UUID is not CVarArg; OpenHealthKit
        // adds the conformance off Apple platforms.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let readings = try await saveWorkdayReadings(healthStore)
        let byUUID = NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, readings[2].uuid as CVarArg)
        #expect(try await healthStore.runSampleQuery(heartRateType, predicate: byUUID).map(\.uuid) == [readings[2].uuid])
    }

    @Test func sleepStagesWithCategoryPredicates() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let sleepType = HKCategoryType(.sleepAnalysis)
        let bedtime = morning.addingTimeInterval(-10 * 3600) // 22:00 the evening before
        func stage(_ value: HKCategoryValueSleepAnalysis, from minute: Double, to end: Double) -> HKCategorySample {
            HKCategorySample(type: sleepType, value: value.rawValue,
                             start: bedtime.addingTimeInterval(minute * 60), end: bedtime.addingTimeInterval(end * 60))
        }
        // In bed 15 min, core 75, deep 60, REM 45, awake 5, core 100.
        try await healthStore.save([
            stage(.inBed, from: 0, to: 15), stage(.asleepCore, from: 15, to: 90), stage(.asleepDeep, from: 90, to: 150),
            stage(.asleepREM, from: 150, to: 195), stage(.awake, from: 195, to: 200), stage(.asleepCore, from: 200, to: 300),
        ])

        let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
        let nightWindow = HKQuery.predicateForSamples(withStart: bedtime, end: morning)
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [nightWindow, asleep])
        let descriptor = HKSampleQueryDescriptor(predicates: [.categorySample(type: sleepType, predicate: predicate)],
                                                 sortDescriptors: [SortDescriptor(\.startDate)])
        let stages = try await descriptor.result(for: healthStore)
        #expect(stages.count == 4)
        let minutesAsleep = stages.reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) } / 60
        #expect(minutesAsleep == 280)
        #expect(stages.compactMap { HKCategoryValueSleepAnalysis(rawValue: $0.value) } == [.asleepCore, .asleepDeep, .asleepREM, .asleepCore])

        let awake = HKCategoryValueSleepAnalysis.predicateForSamples(.equalTo, value: .awake)
        #expect(try await healthStore.runSampleQuery(sleepType, predicate: awake).count == 1)
        let inBed = HKQuery.predicateForCategorySamples(with: .equalTo, value: HKCategoryValueSleepAnalysis.inBed.rawValue)
        #expect(try await healthStore.runSampleQuery(sleepType, predicate: inBed).count == 1)

        // The format-string form: core, deep and REM (not the unspecified value, which nothing used).
        let stagesByFormat = NSPredicate(format: "%K IN %@", HKPredicateKeyPathCategoryValue,
                                         [HKCategoryValueSleepAnalysis.asleepCore.rawValue, HKCategoryValueSleepAnalysis.asleepDeep.rawValue,
                                          HKCategoryValueSleepAnalysis.asleepREM.rawValue])
        #expect(try await healthStore.runSampleQuery(sleepType, predicate: stagesByFormat).count == 4)
    }

    @available(*, deprecated, message: "saves workouts with HKWorkout's pre-iOS 17 initialiser, as many apps still do")
    @Test func workoutsByActivityTypeAndDuration() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        func workout(_ type: HKWorkoutActivityType, hour: Double, minutes: Double, km: Double, kcal: Double) -> HKWorkout {
            let start = morning.addingTimeInterval(hour * 3600)
            return HKWorkout(activityType: type, start: start, end: start.addingTimeInterval(minutes * 60), duration: minutes * 60,
                             totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: kcal),
                             totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: km),
                             metadata: [HKMetadataKeyIndoorWorkout: false])
        }
        let shortRun = workout(.running, hour: 0, minutes: 30, km: 5, kcal: 300)
        let longRun = workout(.running, hour: 24, minutes: 60, km: 10, kcal: 620)
        let ride = workout(.cycling, hour: 48, minutes: 45, km: 15, kcal: 400)
        let easyRun = workout(.running, hour: 72, minutes: 20, km: 3, kcal: 180)
        try await healthStore.save([shortRun, longRun, ride, easyRun])

        let runs = HKQuery.predicateForWorkouts(with: .running)
        let runQuery = try await healthStore.runSampleQuery(.workoutType(), predicate: runs)
        #expect(Set(runQuery.map(\.uuid)) == [shortRun.uuid, longRun.uuid, easyRun.uuid])

        let longerThan40 = HKQuery.predicateForWorkouts(with: .greaterThan, duration: 40 * 60)
        let longRuns = NSCompoundPredicate(andPredicateWithSubpredicates: [runs, longerThan40])
        let found = try await healthStore.runSampleQuery(.workoutType(), predicate: longRuns)
        let long = try #require(found.first as? HKWorkout)
        #expect(found.count == 1)
        #expect(long.uuid == longRun.uuid)
        #expect(long.workoutActivityType == .running)
        #expect(long.duration == 3600)
        #expect(long.totalDistance?.doubleValue(for: .meter()) == 10_000)
        #expect(long.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 620)

        // The format-string form from the predicateForWorkouts(with:) page.
        let explicitRuns = NSPredicate(format: "%K == %d", HKPredicateKeyPathWorkoutType, HKWorkoutActivityType.running.rawValue)
        #expect(try await healthStore.runSampleQuery(.workoutType(), predicate: explicitRuns).count == 3)
        let explicitDuration = NSPredicate(format: "%K > %@", HKPredicateKeyPathWorkoutDuration, NSNumber(value: 40 * 60))
        #expect(try await healthStore.runSampleQuery(.workoutType(), predicate: explicitDuration).count == 2)

        // Distance and energy totals.
        let far = HKQuery.predicateForWorkouts(with: .greaterThanOrEqualTo, totalDistance: HKQuantity(unit: .mile(), doubleValue: 5))
        #expect(Set(try await healthStore.runSampleQuery(.workoutType(), predicate: far).map(\.uuid)) == [longRun.uuid, ride.uuid])
        let burned = HKQuery.predicateForWorkouts(with: .lessThan, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 350))
        #expect(Set(try await healthStore.runSampleQuery(.workoutType(), predicate: burned).map(\.uuid)) == [shortRun.uuid, easyRun.uuid])

        // The async descriptor, longest run first.
        let descriptor = HKSampleQueryDescriptor(predicates: [.workout(runs)], sortDescriptors: [SortDescriptor(\.duration, order: .reverse)])
        let byDuration = try await descriptor.result(for: healthStore)
        #expect(byDuration.map(\.duration) == [3600, 1800, 1200])
        // The classic sort identifier for the same order.
        let longestFirst = NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: false)
        let classic = try await healthStore.runSampleQuery(.workoutType(), predicate: runs, sortDescriptors: [longestFirst])
        #expect(classic.compactMap { ($0 as? HKWorkout)?.duration } == [3600, 1800, 1200])
        let farthestFirst = NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ascending: false)
        let byDistance = try await healthStore.runSampleQuery(.workoutType(), predicate: nil, sortDescriptors: [farthestFirst])
        #expect(byDistance.map(\.uuid) == [ride.uuid, longRun.uuid, shortRun.uuid, easyRun.uuid])

        // Who recorded workouts.
        let sources = try await HKSourceQueryDescriptor(predicate: .workout()).result(for: healthStore)
        #expect(sources.map(\.bundleIdentifier) == [ScenarioDevice.stepCounterApp])
    }

    @Test func workoutActivityPredicatesFromIOS16() async throws {
        // Apple's predicateForWorkouts(activityPredicate:) page: workouts that contain a matching activity.
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        func activity(_ type: HKWorkoutActivityType, from start: TimeInterval, to end: TimeInterval) -> HKWorkoutActivity {
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = type
            return HKWorkoutActivity(workoutConfiguration: configuration, start: morning.addingTimeInterval(start),
                                     end: morning.addingTimeInterval(end), metadata: nil)
        }
        let multisport = HKWorkoutConfiguration()
        multisport.activityType = .swimBikeRun
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: multisport, device: nil)
        try await builder.beginCollection(at: morning)
        try await builder.addWorkoutActivity(activity(.swimming, from: 0, to: 1200))
        try await builder.addWorkoutActivity(activity(.cycling, from: 1300, to: 4900))
        try await builder.addWorkoutActivity(activity(.running, from: 5000, to: 7400))
        try await builder.endCollection(at: morning.addingTimeInterval(7400))
        let triathlon = try #require(try await builder.finishWorkout())

        let cycling = HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling)
        let withARide = try await healthStore.runSampleQuery(.workoutType(), predicate: HKQuery.predicateForWorkouts(activityPredicate: cycling))
        #expect(withARide.map(\.uuid) == [triathlon.uuid])
        #expect((withARide.first as? HKWorkout)?.workoutActivities.map(\.workoutConfiguration.activityType) == [.swimming, .cycling, .running])

        // One activity must match every condition: no ride lasts two hours.
        let longRide = NSCompoundPredicate(andPredicateWithSubpredicates: [
            cycling, HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 7200),
        ])
        #expect(try await healthStore.runSampleQuery(.workoutType(), predicate: HKQuery.predicateForWorkouts(activityPredicate: longRide)).isEmpty)
        let rowing = HKQuery.predicateForWorkoutActivities(workoutActivityType: .rowing)
        #expect(try await healthStore.runSampleQuery(.workoutType(), predicate: HKQuery.predicateForWorkouts(activityPredicate: rowing)).isEmpty)
    }

    @Test func workoutsSavedWithHKWorkoutBuilder() async throws {
        // Since iOS 17 Apple's samples save workouts through HKWorkoutBuilder (HKWorkout's initialisers are deprecated):
        //   let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
        //   try await builder.beginCollection(at: start); try await builder.addSamples([energy])
        //   try await builder.endCollection(at: end); let workout = try await builder.finishWorkout()
        let device = try ScenarioDevice()
        let healthStore = try await store(device)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: .local())
        try await builder.beginCollection(at: morning)
        try await builder.endCollection(at: morning.addingTimeInterval(1800))
        let workout = try await builder.finishWorkout()
        #expect(workout?.duration == 1800)
    }

    @Test func anAppWithoutReadAccessSeesOnlyItsOwnSamples() async throws {
        let device = try ScenarioDevice()
        let coach = try await store(device, app: ScenarioDevice.coachApp)
        try await saveMorningReadings(coach)
        // The counter only asked to write heart rates; the person never let it read them.
        let counter = try await store(device, share: [heartRateType], read: [])
        let mine = heartRate(99, minutes: 5)
        try await counter.save(mine)

        let visible = try await counter.runSampleQuery(heartRateType, predicate: nil)
        #expect(visible.map(\.uuid) == [mine.uuid])
        let viaDescriptor = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRateType)],
                                                              sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)]).result(for: counter)
        #expect(viaDescriptor.map(\.uuid) == [mine.uuid])
        // No error says why: a predicate that matches the coach's readings just finds nothing.
        let coachsRange = HKQuery.predicateForQuantitySamples(with: .lessThan, quantity: HKQuantity(unit: bpm, doubleValue: 80))
        #expect(try await counter.runSampleQuery(heartRateType, predicate: coachsRange).isEmpty)
        // The coach, who may read, sees everyone's.
        #expect(try await coach.runSampleQuery(heartRateType, predicate: nil).count == 9)

        // A person who denied reading gives the same picture.
        let denied = device.healthStore(app: "com.example.scenarios.denied", policy: "deny")
        try await denied.requestAuthorization(toShare: [], read: [heartRateType])
        #expect(try await denied.runSampleQuery(heartRateType, predicate: nil).isEmpty)
    }
}
