import Foundation
import HealthDatabase
@testable import HealthExport
import HealthKitModel
import OpenHealthKit
import Testing
import ZIPFoundation

/// A hand-written export whose every value is known, imported through the library and read back through
/// HealthKit's query API (not the storage rows), value by value in canonical units and absolute instants.
@Suite("Ground truth: a hand-written export read back through HealthKit queries")
struct GroundTruthImportTests {
    static let phone = "&lt;&lt;HKDevice: 0x2811a8d70&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,3, software:16.1&gt;"
    static let watch = "&lt;&lt;HKDevice: 0x28339f5c0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1&gt;"

    /// One `Record` line.
    static func record(_ type: String, _ unit: String?, _ value: String?, _ start: String, _ end: String? = nil,
                       source: String = "Anna’s iPhone", version: String? = "16.1", device: String? = phone, body: String = "") -> String {
        var text = " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\""
        if type.hasPrefix("Category:") { text = " <Record type=\"HKCategoryTypeIdentifier\(type.dropFirst(9))\" sourceName=\"\(source)\"" }
        if let version { text += " sourceVersion=\"\(version)\"" }
        if let device { text += " device=\"\(device)\"" }
        if let unit { text += " unit=\"\(unit)\"" }
        text += " creationDate=\"\(end ?? start)\" startDate=\"\(start)\" endDate=\"\(end ?? start)\""
        if let value { text += " value=\"\(value)\"" }
        return body.isEmpty ? text + "/>\n" : text + ">\n" + body + " </Record>\n"
    }

    /// The export: every element kind once or twice, each quirk once. Line numbers matter to `problems`.
    static let export: String = {
        var text = MalformedImportTests.head + "\n"
        text += " <ExportDate value=\"2022-11-20 10:00:00 -0800\"/>\n"
        text += " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1980-05-17\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeABPositive\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeIII\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
        // DST: 01:30 happens twice on 2020-11-01 in Los Angeles.
        text += record("StepCount", "count", "1234", "2020-11-01 01:30:00 -0700", "2020-11-01 01:40:00 -0700")
        text += record("StepCount", "count", "1.2e2", "2020-11-01 01:30:00 -0800", "2020-11-01 01:40:00 -0800")
        text += record("HeartRate", "count/min", "72", "2020-11-02 08:00:00 -0800", source: "Anna’s Apple Watch", version: nil, device: nil,
                       body: "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"1\"/>\n")
        text += record("BodyFatPercentage", "%", "0.161", "2020-11-02 07:00:00 -0800", source: "Renpho", version: "4", device: nil)
        text += record("BloodGlucose", "mg/dL", "95", "2020-11-02 07:05:00 -0800", source: "Health", version: "16.1", device: nil)
        text += record("BloodGlucose", "mmol<180.1558800000541>/L", "5.5", "2020-11-02 12:05:00 -0800", source: "Health", version: "16.1", device: nil)
        text += record("BodyTemperature", "degF", "98.6", "2020-11-02 07:10:00 -0800", source: "Health", device: nil)
        text += record("Height", "ft", "5.75", "2020-11-02 07:11:00 -0800", source: "Health", device: nil)
        text += record("ActiveEnergyBurned", "kcal", "12.5", "2020-11-02 09:00:00 -0800", "2020-11-02 09:10:00 -0800", device: watch)
        text += record("ActiveEnergyBurned", "Cal", "10", "2020-11-02 09:10:00 -0800", "2020-11-02 09:20:00 -0800", device: watch)
        text += record("InsulinDelivery", "IU", "4", "2020-11-02 12:00:00 -0800", source: "Pump", version: nil, device: nil,
                       body: "  <MetadataEntry key=\"HKInsulinDeliveryReason\" value=\"2\"/>\n")
        text += record("DistanceWalkingRunning", "km", "1.2e-1", "2020-11-02 09:00:00 -0800", "2020-11-02 09:10:00 -0800",
                       body: "  <MetadataEntry key=\"HKAverageMETs\" value=\"5.2 kcal/hr·kg\"/>\n  <MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/>\n  <MetadataEntry key=\"Checked\" value=\"2020-11-02 09:30:00 -0800\"/>\n  <MetadataEntry key=\"Note\" value=\"a\u{0b}b\"/>\n"
                             + "  <MetadataEntry key=\"Zip\" value=\"02139\"/>\n  <MetadataEntry key=\"Count\" value=\"-12\"/>\n  <MetadataEntry key=\"Ratio\" value=\"0.25\"/>\n")
        text += record("Category:SleepAnalysis", nil, "HKCategoryValueSleepAnalysisInBed", "2020-11-02 22:00:00 -0800", "2020-11-03 06:00:00 -0800", source: "Clock", version: nil, device: nil)
        text += record("Category:SleepAnalysis", nil, "HKCategoryValueSleepAnalysisAsleepCore", "2020-11-02 23:00:00 -0800", "2020-11-03 01:00:00 -0800", device: watch)
        text += record("Category:SleepAnalysis", nil, "HKCategoryValueSleepAnalysisAsleep", "2020-11-03 01:00:00 -0800", "2020-11-03 02:00:00 -0800", device: watch)
        text += record("Category:MindfulSession", nil, nil, "2020-11-03 07:00:00 -0800", "2020-11-03 07:05:00 -0800", source: "Breathe", version: nil, device: nil)
        text += record("FutureThing", "count", "3", "2020-11-03 08:00:00 -0800")
        // iOS 13's name of the value (the type's identifier is still HKCategoryTypeIdentifierAudioExposureEvent).
        text += " <Record type=\"HKCategoryTypeIdentifierAudioExposureEvent\" sourceName=\"Watch\" startDate=\"2020-11-03 09:00:00 -0800\" endDate=\"2020-11-03 09:03:00 -0800\" value=\"HKCategoryValueAudioExposureEventLoudEnvironment\"/>\n"
        // Correlations: members appear inside and at the top level, as Apple writes them.
        let bp = "2020-11-04 08:00:00 -0800"
        let systolic = record("BloodPressureSystolic", "mmHg", "121", bp, source: "Cuff", version: "2.0", device: nil)
        let diastolic = record("BloodPressureDiastolic", "mmHg", "79", bp, source: "Cuff", version: "2.0", device: nil)
        text += systolic + diastolic
        text += " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" sourceVersion=\"2.0\" creationDate=\"\(bp)\" startDate=\"\(bp)\" endDate=\"\(bp)\">\n"
            + "  <MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n" + systolic + diastolic + " </Correlation>\n"
        let meal = "2020-11-04 12:00:00 -0800"
        let energy = record("DietaryEnergyConsumed", "kcal", "450", meal, source: "Food App", version: "3", device: nil,
                            body: "  <MetadataEntry key=\"HKFoodType\" value=\"Soup\"/>\n")
        let protein = record("DietaryProtein", "g", "20", meal, source: "Food App", version: "3", device: nil,
                             body: "  <MetadataEntry key=\"HKFoodType\" value=\"Soup\"/>\n")
        text += " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"Food App\" sourceVersion=\"3\" creationDate=\"\(meal)\" startDate=\"\(meal)\" endDate=\"\(meal)\">\n"
            + "  <MetadataEntry key=\"HKFoodType\" value=\"Soup\"/>\n" + energy + protein + " </Correlation>\n"
        text += energy + protein
        // Workout, export v7 style: totals as attributes.
        text += " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30\" durationUnit=\"min\" totalDistance=\"5\" totalDistanceUnit=\"km\" totalEnergyBurned=\"300\" totalEnergyBurnedUnit=\"kcal\" sourceName=\"Anna’s Apple Watch\" sourceVersion=\"9.1\" device=\"\(watch)\" creationDate=\"2020-11-05 08:40:00 -0800\" startDate=\"2020-11-05 08:00:00 -0800\" endDate=\"2020-11-05 08:35:00 -0800\">\n"
            + "  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n"
            + "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2020-11-05 08:10:00 -0800\"/>\n"
            + "  <WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"2020-11-05 08:15:00 -0800\"/>\n"
            + " </Workout>\n"
        // Workout, export v14 style: WorkoutStatistics in their own units.
        text += " <Workout workoutActivityType=\"HKWorkoutActivityTypeCycling\" duration=\"1\" durationUnit=\"hr\" sourceName=\"Anna’s Apple Watch\" sourceVersion=\"9.1\" device=\"\(watch)\" creationDate=\"2022-06-05 09:01:00 +0200\" startDate=\"2022-06-05 08:00:00 +0200\" endDate=\"2022-06-05 09:00:00 +0200\">\n"
            + "  <MetadataEntry key=\"HKElevationAscended\" value=\"12000 cm\"/>\n"
            + "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"2022-06-05 08:00:00 +0200\" duration=\"30\" durationUnit=\"min\"/>\n"
            + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"2022-06-05 08:00:00 +0200\" endDate=\"2022-06-05 09:00:00 +0200\" sum=\"250\" unit=\"Cal\"/>\n"
            + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceCycling\" startDate=\"2022-06-05 08:00:00 +0200\" endDate=\"2022-06-05 09:00:00 +0200\" sum=\"10\" unit=\"mi\"/>\n"
            + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"2022-06-05 08:00:00 +0200\" endDate=\"2022-06-05 09:00:00 +0200\" average=\"140\" minimum=\"90\" maximum=\"171\" unit=\"count/min\"/>\n"
            + " </Workout>\n"
        text += " <ActivitySummary dateComponents=\"2020-11-05\" activeEnergyBurned=\"512.5\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"35\" appleExerciseTimeGoal=\"30\" appleStandHours=\"11\" appleStandHoursGoal=\"12\"/>\n"
        text += "</HealthData>\n"
        return text
    }()

    static func date(_ text: String) -> Date { ExportValues.date(text)! }

    static func samples<T: HKSample>(_ store: HKHealthStore, _ predicate: HKSamplePredicate<T>) async throws -> [T] {
        try await HKSampleQueryDescriptor(predicates: [predicate], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
    }

    static func quantities(_ store: HKHealthStore, _ identifier: HKQuantityTypeIdentifier) async throws -> [HKQuantitySample] {
        try await samples(store, .quantitySample(type: HKQuantityType(identifier)))
    }

    static func imported() throws -> (TempStore, ImportReport, HKHealthStore) {
        let temp = try TempStore()
        let summary = try temp.importExport(try temp.write(export))
        return (temp, summary, HKHealthStore.owner(storage: temp.storage))
    }

    @Test("records land as quantity samples with the values, instants, sources and devices the export says")
    func quantities() async throws {
        let (_, summary, store) = try Self.imported()
        let steps = try await Self.quantities(store, .stepCount)
        #expect(steps.map { $0.quantity.doubleValue(for: .count()) } == [1234, 120])
        #expect(steps.map(\.startDate) == [Date(timeIntervalSince1970: 1_604_219_400), Date(timeIntervalSince1970: 1_604_223_000)])
        #expect(steps[0].sourceRevision.source.name == "Anna’s iPhone" && steps[0].sourceRevision.version == "16.1")
        #expect(steps[0].device?.hardwareVersion == "iPhone12,3" && steps[0].device?.softwareVersion == "16.1" && steps[0].device?.name == "iPhone")

        let heart = try #require(try await Self.quantities(store, .heartRate).first)
        #expect(heart.quantity.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == 72)
        #expect(heart.sourceRevision.version == nil && heart.device == nil)
        #expect((heart.metadata?[HKMetadataKeyHeartRateMotionContext] as? NSNumber)?.intValue == 1)

        let fat = try #require(try await Self.quantities(store, .bodyFatPercentage).first)
        #expect(abs(fat.quantity.doubleValue(for: .percent()) - 0.161) < 1e-12)
        let glucose = try await Self.quantities(store, .bloodGlucose)
        let mgdL = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
        #expect(glucose.count == 2)
        #expect(abs(glucose[0].quantity.doubleValue(for: mgdL) - 95) < 1e-9)
        #expect(abs(glucose[1].quantity.doubleValue(for: mgdL) - 5.5 * 18.015588000005) < 1e-6)
        #expect(glucose[0].sourceRevision.source.bundleIdentifier == "com.apple.Health")
        let temperature = try #require(try await Self.quantities(store, .bodyTemperature).first)
        #expect(abs(temperature.quantity.doubleValue(for: .degreeCelsius()) - 37) < 1e-9)
        let height = try #require(try await Self.quantities(store, .height).first)
        #expect(abs(height.quantity.doubleValue(for: .meter()) - 1.7526) < 1e-9)
        let active = try await Self.quantities(store, .activeEnergyBurned)
        #expect(active.map { $0.quantity.doubleValue(for: .kilocalorie()) } == [12.5, 10])
        #expect(active[0].device?.hardwareVersion == "Watch6,1")
        let insulin = try #require(try await Self.quantities(store, .insulinDelivery).first)
        #expect(insulin.quantity.doubleValue(for: .internationalUnit()) == 4)
        #expect((insulin.metadata?[HKMetadataKeyInsulinDeliveryReason] as? NSNumber)?.intValue == 2)

        let distance = try #require(try await Self.quantities(store, .distanceWalkingRunning).first)
        #expect(abs(distance.quantity.doubleValue(for: .meter()) - 120) < 1e-9)
        let mets = try #require(distance.metadata?[HKMetadataKeyAverageMETs] as? HKQuantity)
        #expect(abs(mets.doubleValue(for: HKUnit(from: "kcal/hr·kg")) - 5.2) < 1e-9)
        #expect((distance.metadata?[HKMetadataKeyWasUserEntered] as? NSNumber)?.boolValue == true)
        #expect(distance.metadata?["Checked"] as? Date == Self.date("2020-11-02 17:30:00 +0000"))
        #expect(distance.metadata?["Note"] as? String == "ab")
        #expect(distance.metadata?["Zip"] as? String == "02139")  // a leading zero: written as text, not a number
        #expect((distance.metadata?["Count"] as? NSNumber)?.intValue == -12 && (distance.metadata?["Ratio"] as? NSNumber)?.doubleValue == 0.25)

        // Only FutureThing's record (line 40): Me's CardioFitnessMedicationsUse (line 11) is kept, not reported.
        #expect(summary.problems.count(.unknownType) == 1, "\(summary.problems.lines)")
        #expect(summary.problems.total == 1, "\(summary.problems.lines)")
        #expect(summary.problems.groups.first { $0.kind == ImportProblem.Kind.unknownType.rawValue }?.lines == [40], "\(summary.problems.lines)")
    }

    @Test("category records: sleep values by name (old and new), a missing value is not applicable")
    func categories() async throws {
        let (_, _, store) = try Self.imported()
        let sleep = try await Self.samples(store, .categorySample(type: HKCategoryType(.sleepAnalysis)))
        #expect(sleep.map(\.value) == [HKCategoryValueSleepAnalysis.inBed.rawValue, HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                                        HKCategoryValueSleepAnalysis.asleepUnspecified.rawValue])
        #expect(sleep[0].endDate == Self.date("2020-11-03 14:00:00 +0000"))
        let loud = try await Self.samples(store, .categorySample(type: HKCategoryType(.environmentalAudioExposureEvent)))
        #expect(loud.map(\.value) == [HKCategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.rawValue])
        let mindful = try await Self.samples(store, .categorySample(type: HKCategoryType(.mindfulSession)))
        #expect(mindful.map(\.value) == [HKCategoryValue.notApplicable.rawValue])
    }

    @Test("correlations hold their members, each member is stored once")
    func correlations() async throws {
        let (_, summary, store) = try Self.imported()
        let pressure = try await Self.samples(store, .correlation(type: HKCorrelationType(.bloodPressure)))
        #expect(pressure.count == 1)
        let members = try #require(pressure.first?.objects as? Set<HKQuantitySample>)
        #expect(Set(members.map { $0.quantity.doubleValue(for: .millimeterOfMercury()) }) == [121, 79])
        #expect((pressure.first?.metadata?[HKMetadataKeyWasUserEntered] as? NSNumber)?.boolValue == false)
        #expect(try await Self.quantities(store, .bloodPressureSystolic).count == 1)
        #expect(try await Self.quantities(store, .bloodPressureDiastolic).count == 1)
        let food = try await Self.samples(store, .correlation(type: HKCorrelationType(.food)))
        #expect(food.count == 1 && food.first?.objects.count == 2)
        #expect(food.first?.metadata?[HKMetadataKeyFoodType] as? String == "Soup")
        #expect(try await Self.quantities(store, .dietaryEnergyConsumed).count == 1)
        #expect(try await Self.quantities(store, .dietaryProtein).map { $0.quantity.doubleValue(for: .gram()) } == [20])
        #expect(summary.correlationMembersMerged + summary.duplicatesInExport == 4)
    }

    @Test("workouts: v7 attribute totals and v14 WorkoutStatistics, events, duration, metadata")
    func workouts() async throws {
        let (_, _, store) = try Self.imported()
        let workouts = try await Self.samples(store, .workout())
        #expect(workouts.count == 2)
        let run = try #require(workouts.first { $0.workoutActivityType == .running })
        #expect(run.duration == 1800)
        #expect(run.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) == 5000)
        #expect(run.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 300)
        #expect(run.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(run.workoutEvents?.first?.dateInterval.start == Self.date("2020-11-05 16:10:00 +0000"))
        #expect((run.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == false)
        #expect(run.device?.hardwareVersion == "Watch6,1")
        let ride = try #require(workouts.first { $0.workoutActivityType == .cycling })
        #expect(ride.duration == 3600 && ride.startDate == Self.date("2022-06-05 06:00:00 +0000"))
        #expect(ride.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 250)
        let miles = try #require(ride.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter()))
        #expect(abs(miles - 16_093.4) < 1e-6)  // HealthKit's header: 1 mi = 1609.34 m
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let heart = try #require(ride.statistics(for: HKQuantityType(.heartRate)))
        #expect(heart.averageQuantity()?.doubleValue(for: bpm) == 140 && heart.minimumQuantity()?.doubleValue(for: bpm) == 90
                && heart.maximumQuantity()?.doubleValue(for: bpm) == 171)
        #expect(ride.workoutEvents?.first?.dateInterval.duration == 1800)
        #expect((ride.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity)?.doubleValue(for: .meter()) == 120)
    }

    @Test("Me's characteristics and the activity summary")
    func characteristicsAndSummary() async throws {
        let (_, summary, store) = try Self.imported()
        let birth = try store.dateOfBirthComponents()
        #expect(birth.year == 1980 && birth.month == 5 && birth.day == 17)
        #expect(try store.biologicalSex().biologicalSex == .female)
        #expect(try store.bloodType().bloodType == .abPositive)
        #expect(try store.fitzpatrickSkinType().skinType == .III)
        #expect(summary.characteristicsSet == 5)   // the four above and CardioFitnessMedicationsUse, kept as written
        #expect(try store.storage().setting(CharacteristicsImport.cardioFitnessMedicationsUseSetting) == "None")
        let summaries = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
        #expect(summaries.count == 1)
        let day = try #require(summaries.first)
        #expect(day.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 512.5)
        #expect(day.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 500)
        #expect(day.appleExerciseTime.doubleValue(for: .minute()) == 35)
        #expect(day.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
        #expect(day.appleStandHours.doubleValue(for: .count()) == 11 && day.standHoursGoal?.doubleValue(for: .count()) == 12)
        #expect(day.dateComponents(for: Calendar(identifier: .gregorian)).day == 5)
    }

    @Test("counts in the summary match the truth, and a second import stores nothing")
    func countsAndIdempotence() throws {
        let (temp, summary, _) = try Self.imported()
        // 18 records less 1 unknown = 17 samples, 4 correlation members (stored once), 2 correlations, 2 workouts,
        // 1 activity summary.
        #expect(summary.stored == 17 + 4 + 2 + 2 + 1, "\(summary.storedByType)")
        #expect(summary.storedByType["HKQuantityTypeIdentifierStepCount"] == 2)
        let again = try temp.importExport(try temp.write(Self.export))
        #expect(again.stored == 0)
    }

    @Test("a workout keeps what is valid: unknown statistics and event types, events out of order or past the end by rounding")
    func workoutPartsSkipped() async throws {
        let temp = try TempStore()
        var text = MalformedImportTests.head + "\n"                                                               // lines 1-9
        text += " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"20\" durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2023-01-01 10:00:00 +0000\" endDate=\"2023-01-01 10:20:00 +0000\">\n" // 10
        text += "  <WorkoutEvent type=\"HKWorkoutEventTypeLap\" date=\"2023-01-01 10:10:00 +0000\" duration=\"10.007\" durationUnit=\"min\"/>\n" // 11: ends 0.42 s late
        text += "  <WorkoutEvent type=\"HKWorkoutEventTypeLap\" date=\"2023-01-01 10:00:00 +0000\" duration=\"10\" durationUnit=\"min\"/>\n"    // 12: out of order
        text += "  <WorkoutEvent type=\"HKWorkoutEventTypeTeleport\" date=\"2023-01-01 10:05:00 +0000\"/>\n"                                   // 13: unknown
        text += "  <WorkoutEvent type=\"HKWorkoutEventTypeMarker\" date=\"2023-01-01 11:05:00 +0000\"/>\n"                                     // 14: outside
        text += "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierFutureThing\" startDate=\"2023-01-01 10:00:00 +0000\" endDate=\"2023-01-01 10:20:00 +0000\" sum=\"3\" unit=\"count\"/>\n" // 15
        text += "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierStepCount\" startDate=\"2023-01-01 10:00:00 +0000\" endDate=\"2023-01-01 10:20:00 +0000\" sum=\"2000\" unit=\"count\"/>\n" // 16
        text += "  <WorkoutSplit distance=\"1\"/>\n"                                                                                       // 17: unknown element
        text += " </Workout>\n</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        let store = HKHealthStore.owner(storage: temp.storage)
        let workout = try #require(try await Self.samples(store, .workout()).first)
        #expect(workout.workoutEvents?.map(\.dateInterval.start) == [Self.date("2023-01-01 10:00:00 +0000"), Self.date("2023-01-01 10:10:00 +0000")])
        #expect(workout.workoutEvents?.last?.dateInterval.end == workout.endDate)
        #expect(workout.statistics(for: HKQuantityType(.stepCount))?.sumQuantity()?.doubleValue(for: .count()) == 2000)
        let groups = summary.problems.groups
        #expect(groups.first { $0.kind == ImportProblem.Kind.unknownType.rawValue }?.lines == [13, 15], "\(summary.problems.lines)")
        #expect(groups.first { $0.kind == ImportProblem.Kind.invalidObject.rawValue }?.lines == [14], "\(summary.problems.lines)")
        #expect(groups.first { $0.kind == ImportProblem.Kind.unknownElement.rawValue }?.details == ["WorkoutSplit in Workout": 1])
    }

    @Test("a newer export of the same phone stores only what is new; a record with a higher sync version replaces the old one")
    func newerExport() async throws {
        let synced = { (version: Int, value: String) in
            Self.record("BodyMass", "kg", value, "2020-11-06 07:00:00 -0800", source: "Scale", version: "1", device: nil,
                        body: "  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"weigh-1\"/>\n  <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"\(version)\"/>\n")
        }
        let older = Self.export.replacingOccurrences(of: "</HealthData>\n", with: synced(1, "70.5") + "</HealthData>\n")
        // The newer export: the same records (the device strings' addresses differ, as they do between exports),
        // the weighing edited (sync version 2), and two new step records.
        let newer = Self.export.replacingOccurrences(of: "0x2811a8d70", with: "0x2844f0a10")
            .replacingOccurrences(of: "</HealthData>\n", with: synced(2, "70.1")
                + Self.record("StepCount", "count", "50", "2022-11-19 10:00:00 -0800", "2022-11-19 10:05:00 -0800")
                + Self.record("StepCount", "count", "60", "2022-11-19 11:00:00 -0800", "2022-11-19 11:05:00 -0800") + "</HealthData>\n")
        let temp = try TempStore()
        let first = try temp.importExport(try temp.write(older, name: "old/export.xml"))
        #expect(first.stored == 27)
        let second = try temp.importExport(try temp.write(newer, name: "new/export.xml"))
        #expect(second.stored == 3, "\(second.storedByType)")
        let store = HKHealthStore.owner(storage: temp.storage)
        #expect(try await Self.quantities(store, .stepCount).map { $0.quantity.doubleValue(for: .count()) } == [1234, 120, 50, 60])
        #expect(try await Self.quantities(store, .bodyMass).map { $0.quantity.doubleValue(for: .gramUnit(with: .kilo)) } == [70.1])
        #expect(try await Self.quantities(store, .bloodPressureSystolic).count == 1)
        let fresh = try TempStore()
        _ = try fresh.importExport(try fresh.write(newer))
        #expect(try Set(temp.all().map(\.uuid)) == Set(fresh.all().map(\.uuid)))
    }

    @Test("a child element a Record does not have in any DTD is reported with its line; the record is stored")
    func unknownRecordChild() throws {
        let temp = try TempStore()
        let text = MalformedImportTests.head + "\n"                                                               // lines 1-9
            + Self.record("StepCount", "count", "5", "2023-01-01 10:00:00 +0000",
                          body: "  <MetadataEntry key=\"a\" value=\"b\"/>\n  <StepCadence value=\"90\"/>\n")      // 10-13
            + "</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        #expect(summary.stored == 1)
        let group = summary.problems.groups.first { $0.kind == ImportProblem.Kind.unknownElement.rawValue }
        #expect(group?.lines == [12] && group?.details["StepCadence in Record"] == 1, "\(summary.problems.lines)")
    }

    @Test("clinical records are dated by receivedDate and typed as the export says; export_cda.xml's documents land")
    func clinicalRecords() async throws {
        let temp = try TempStore()
        let observation = #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Pulse"},"valueQuantity":{"value":61,"unit":"/min"}}"#
        let allergy = #"{"resourceType":"AllergyIntolerance","id":"a1","code":{"text":"Peanut"}}"#
        _ = try temp.write(observation, name: "clinical-records/Observation-o1.json")
        _ = try temp.write(allergy, name: "clinical-records/AllergyIntolerance-a1.json")
        _ = try temp.write("<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>A</title><effectiveTime value=\"20221120\"/></ClinicalDocument>\n",
                           name: "export_cda.xml")
        let attributes = "sourceName=\"General Hospital\" sourceURL=\"https://fhir.example.org/R4\" fhirVersion=\"4.0.1\""
        let text = MalformedImportTests.head + "\n"
            + " <ClinicalRecord type=\"HKClinicalTypeIdentifierVitalSignRecord\" identifier=\"o1\" \(attributes.replacingOccurrences(of: "4.0.1", with: "1.0.2")) receivedDate=\"2022-01-05 10:00:00 -0800\" resourceFilePath=\"/clinical-records/Observation-o1.json\"/>\n"
            + " <ClinicalRecord type=\"HKClinicalTypeIdentifierAllergyRecord\" identifier=\"a1\" \(attributes) receivedDate=\"2021-03-01 09:30:00 +0100\" resourceFilePath=\"/clinical-records/AllergyIntolerance-a1.json\"/>\n"
            + "</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        let store = HKHealthStore.owner(storage: temp.storage)
        let vitals = try await Self.samples(store, .clinicalRecord(type: HKClinicalType(.vitalSignRecord)))
        #expect(vitals.count == 1)
        #expect(vitals.first?.startDate == Self.date("2022-01-05 18:00:00 +0000") && vitals.first?.endDate == vitals.first?.startDate)
        #expect(try await Self.samples(store, .clinicalRecord(type: HKClinicalType(.labResultRecord))).isEmpty)
        #expect(vitals.first?.fhirResource?.fhirVersion.stringRepresentation == "1.0.2")
        let allergies = try await Self.samples(store, .clinicalRecord(type: HKClinicalType(.allergyRecord)))
        #expect(allergies.first?.startDate == Self.date("2021-03-01 08:30:00 +0000"))
        #expect(allergies.first?.fhirResource?.data == Data(allergy.utf8))
        #expect(try temp.count(HKDocumentTypeIdentifier.CDA.rawValue) == 1)
        #expect(try temp.importExport(try temp.write(text)).stored == 0)
    }

    @Test("a WorkoutActivity keeps its export UUID, metadata, events and statistics")
    func workoutActivities() async throws {
        let temp = try TempStore()
        let text = MalformedImportTests.head + "\n"
            + " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30\" durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2023-05-01 07:00:00 +0200\" endDate=\"2023-05-01 07:30:00 +0200\">\n"
            + "  <WorkoutActivity uuid=\"0D8C3D8A-4F6B-4C58-9A0A-2C1E7C9B1E11\" startDate=\"2023-05-01 07:00:00 +0200\" endDate=\"2023-05-01 07:30:00 +0200\" duration=\"30\" durationUnit=\"min\">\n"
            + "   <MetadataEntry key=\"HKIndoorWorkout\" value=\"1\"/>\n"
            + "   <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2023-05-01 07:10:00 +0200\"/>\n"
            + "   <WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"2023-05-01 07:12:00 +0200\"/>\n"
            + "   <WorkoutEvent type=\"HKWorkoutEventTypeLap\" date=\"2023-05-01 07:12:00 +0200\" duration=\"5\" durationUnit=\"min\">\n"
            + "    <MetadataEntry key=\"HKLapLength\" value=\"400 m\"/>\n   </WorkoutEvent>\n"
            + "   <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"2023-05-01 07:00:00 +0200\" endDate=\"2023-05-01 07:30:00 +0200\" sum=\"5.1\" unit=\"km\"/>\n"
            + "  </WorkoutActivity>\n </Workout>\n</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        let store = HKHealthStore.owner(storage: temp.storage)
        let workout = try #require(try await Self.samples(store, .workout()).first)
        let activity = try #require(workout.workoutActivities.first)
        #expect(activity.uuid == UUID(uuidString: "0D8C3D8A-4F6B-4C58-9A0A-2C1E7C9B1E11"))
        #expect(activity.workoutEvents.map(\.type) == [.pause, .resume, .lap])
        #expect((activity.workoutEvents.last?.metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter()) == 400)
        #expect(activity.workoutEvents.first?.dateInterval.start == Self.date("2023-05-01 05:10:00 +0000"))
        #expect(activity.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) == 5100)
        #expect((activity.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == true)

        // Export writes the activity's children back: a fresh import of the written export has the same activity.
        let out = temp.folder.appendingPathComponent("out")
        _ = try HealthExporter(storage: temp.storage).export(.apple, to: out)
        let second = try TempStore()
        _ = try second.importExport(out.appendingPathComponent("apple_health_export/export.xml").path)
        let again = try #require(try await Self.samples(HKHealthStore.owner(storage: second.storage), .workout()).first?.workoutActivities.first)
        #expect(again.uuid == activity.uuid && again.workoutEvents == activity.workoutEvents)
        #expect(again.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity() == activity.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity())
        #expect((again.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == true)
        #expect((again.workoutEvents.last?.metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter()) == 400)
    }

    @Test("a newer export's activity summary of a day replaces the older export's partial one; an older export imported later does not")
    func activitySummaryOfANewerExport() async throws {
        func export(_ date: String, _ energy: String) -> String {
            MalformedImportTests.head + "\n <ExportDate value=\"\(date)\"/>\n"
                + " <ActivitySummary dateComponents=\"2022-11-20\" activeEnergyBurned=\"\(energy)\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleExerciseTime=\"5\" appleExerciseTimeGoal=\"30\" appleStandHours=\"3\" appleStandHoursGoal=\"12\"/>\n"
                + "</HealthData>\n"
        }
        let temp = try TempStore()
        let store = HKHealthStore.owner(storage: temp.storage)
        func energies() async throws -> [Double] {
            try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store).map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) }
        }
        _ = try temp.importExport(try temp.write(export("2022-11-20 10:00:00 -0800", "120"), name: "a/export.xml"))
        _ = try temp.importExport(try temp.write(export("2022-11-21 08:00:00 -0800", "610"), name: "b/export.xml"))
        #expect(try await energies() == [610])
        _ = try temp.importExport(try temp.write(export("2022-11-20 09:00:00 -0800", "90"), name: "c/export.xml"))
        #expect(try await energies() == [610])
    }

    @Test("statistics and sources over the imported samples: sums across the DST fall-back hour, discrete averages, energy in two units")
    func statisticsAndSources() async throws {
        let (_, _, store) = try Self.imported()
        let steps = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.stepCount)), options: .cumulativeSum).result(for: store)
        #expect(steps?.sumQuantity()?.doubleValue(for: .count()) == 1354)
        let energy = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.activeEnergyBurned)), options: .cumulativeSum).result(for: store)
        #expect(energy?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 22.5)
        let glucose = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.bloodGlucose)), options: [.discreteMax, .discreteMin]).result(for: store)
        let mgdL = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
        #expect(glucose?.minimumQuantity()?.doubleValue(for: mgdL) == 95)
        #expect(abs((glucose?.maximumQuantity()?.doubleValue(for: mgdL) ?? 0) - 99.085_734) < 1e-3)
        let sources = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.stepCount))).result(for: store)
        #expect(sources.map(\.name) == ["Anna’s iPhone"])
        let glucoseSources = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.bloodGlucose))).result(for: store)
        #expect(glucoseSources.map(\.bundleIdentifier) == ["com.apple.Health"])
    }

    @Test("export version 11's appleMoveMinutes and appleMoveMinutesGoal are the summary's move time and goal")
    func moveMinutesOfExportVersion11() async throws {
        let temp = try TempStore()
        let text = MalformedImportTests.head + "\n"
            + " <ActivitySummary dateComponents=\"2020-06-01\" activeEnergyBurned=\"0\" activeEnergyBurnedGoal=\"0\" activeEnergyBurnedUnit=\"kcal\" appleMoveMinutes=\"42\" appleMoveMinutesGoal=\"30\" appleExerciseTime=\"20\" appleExerciseTimeGoal=\"30\" appleStandHours=\"8\" appleStandHoursGoal=\"12\"/>\n"
            + "</HealthData>\n"
        _ = try temp.importExport(try temp.write(text))
        let day = try #require(try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: HKHealthStore.owner(storage: temp.storage)).first)
        #expect(day.appleMoveTime.doubleValue(for: .minute()) == 42 && day.appleMoveTimeGoal.doubleValue(for: .minute()) == 30)
    }

    @Test("an HRV record's beat list is an HKHeartbeatSeriesSample with each beat's time since the start and gaps")
    func heartbeats() async throws {
        let temp = try TempStore()
        let beats = ["11:26:02.34 AM", "11:26:03.12 AM", "11:26:03.95 AM", "11:26:07.50 AM"]
        let list = "  <HeartRateVariabilityMetadataList>\n"
            + beats.map { "   <InstantaneousBeatsPerMinute bpm=\"72\" time=\"\($0)\"/>\n" }.joined()
            + "  </HeartRateVariabilityMetadataList>\n"
        let text = MalformedImportTests.head + "\n"
            + Self.record("HeartRateVariabilitySDNN", "ms", "41.5", "2020-12-06 11:26:00 -0800", "2020-12-06 11:27:00 -0800", device: Self.watch, body: list)
            + "</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        #expect(summary.stored == 2 && summary.problems.total == 0, "\(summary.problems.lines)")
        let store = HKHealthStore.owner(storage: temp.storage)
        let hrv = try #require(try await Self.quantities(store, .heartRateVariabilitySDNN).first)
        #expect(hrv.quantity.doubleValue(for: .secondUnit(with: .milli)) == 41.5)
        let series = try #require(try await Self.samples(store, .heartbeatSeries()).first)
        #expect(series.startDate == hrv.startDate && series.endDate == hrv.endDate && series.count == 4)
        var read: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) { read.append(beat) }
        let expected = [2.34, 3.12, 3.95, 7.5]
        #expect(read.count == 4 && zip(read, expected).allSatisfy { abs($0.timeIntervalSinceStart - $1) < 1e-6 }, "\(read)")
        #expect(read.map(\.precededByGap) == [false, false, false, true])  // 3.55 s after the previous beat, at 72 bpm
    }

    @Test("a clinical resource HealthKit does not keep is reported with its ClinicalRecord's line")
    func clinicalProblemLines() throws {
        let temp = try TempStore()
        _ = try temp.write(#"{"resourceType":"Patient","id":"p1"}"#, name: "clinical-records/Patient-p1.json")
        let text = MalformedImportTests.head + "\n"                                                               // lines 1-9
            + " <ClinicalRecord type=\"HKClinicalTypeIdentifierLabResultRecord\" identifier=\"p1\" sourceName=\"H\" sourceURL=\"https://h.example/R4\" fhirVersion=\"4.0.1\" receivedDate=\"2022-01-05 10:00:00 -0800\" resourceFilePath=\"/clinical-records/Patient-p1.json\"/>\n" // 10
            + "</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        let group = summary.problems.groups.first { $0.kind == ImportProblem.Kind.unknownType.rawValue }
        #expect(group?.count == 1 && group?.lines == [10], "\(summary.problems.lines)")
    }

    @Test("records held back for correlations spill to a temporary file past the memory limit and land exactly as when held in memory")
    func deferredRecordsSpill() throws {
        let (memory, _, _) = try Self.imported()
        // A file left by a killed import (no process has this id) goes when the next import spills.
        let stale = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-import-deferred-4194302-left.jsonl")
        #expect(FileManager.default.createFile(atPath: stale.path, contents: Data("x\n".utf8)))
        let spilled = try TempStore()
        var importer = ExportImporter()
        importer.batchSize = 7
        importer.deferredInMemory = 1
        let summary = try importer.run(path: try spilled.write(Self.export), into: spilled.storage)
        #expect(summary.correlationMembersMerged + summary.duplicatesInExport == 4)
        func contents(_ store: TempStore) throws -> [SampleRecord] { try store.all().sorted { $0.uuid.uuidString < $1.uuid.uuidString } }
        let expected = try contents(memory), actual = try contents(spilled)
        #expect(actual.count == expected.count)
        for (a, b) in zip(actual, expected) {
            #expect(a.uuid == b.uuid && a.fields == b.fields && a.quantity == b.quantity && a.parent == b.parent && a.source == b.source)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("ohk-import-deferred-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a category record without a value is not applicable where that is the type's only value, and reported where there is a choice")
    func categoryWithoutValue() async throws {
        let temp = try TempStore()
        let text = MalformedImportTests.head + "\n"                                                                // lines 1-9
            + Self.record("Category:SleepAnalysis", nil, nil, "2023-01-01 23:00:00 +0000", "2023-01-02 07:00:00 +0000")   // 10
            + Self.record("Category:HighHeartRateEvent", nil, nil, "2023-01-02 09:00:00 +0000")                           // 11
            + "</HealthData>\n"
        let summary = try temp.importExport(try temp.write(text))
        #expect(summary.stored == 1)
        let group = summary.problems.groups.first { $0.kind == ImportProblem.Kind.badValue.rawValue }
        #expect(group?.lines == [10] && group?.details["HKCategoryTypeIdentifierSleepAnalysis has no value"] == 1, "\(summary.problems.lines)")
        let events = try await Self.samples(HKHealthStore.owner(storage: temp.storage), .categorySample(type: HKCategoryType(.highHeartRateEvent)))
        #expect(events.map(\.value) == [HKCategoryValue.notApplicable.rawValue])
    }

    @Test("an export in another language (exportar.xml, eksport.xml) is found in its folder and in its zip, routes and CDA too")
    func localizedExportName() throws {
        let temp = try TempStore()
        let xml = MalformedImportTests.head + "\n"
            + Self.record("StepCount", "count", "42", "2023-01-01 10:00:00 +0000")
            + " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" sourceName=\"Watch\" startDate=\"2023-01-01 10:00:00 +0000\" endDate=\"2023-01-01 10:10:00 +0000\">\n"
            + "  <WorkoutRoute sourceName=\"Watch\" startDate=\"2023-01-01 10:00:00 +0000\" endDate=\"2023-01-01 10:10:00 +0000\"><FileReference path=\"/workout-routes/r.gpx\"/></WorkoutRoute>\n"
            + " </Workout>\n</HealthData>\n"
        let gpx = "<gpx><trk><trkseg><trkpt lon=\"1\" lat=\"2\"><ele>3</ele><time>2023-01-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>\n"
        let cda = "<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>A</title><effectiveTime value=\"20230101\"/></ClinicalDocument>\n"
        _ = try temp.write(xml, name: "es/apple_health_export/exportar.xml")
        _ = try temp.write(cda, name: "es/apple_health_export/export_cda.xml")
        _ = try temp.write(gpx, name: "es/apple_health_export/workout-routes/r.gpx")
        let folder = try temp.importExport(temp.folder.appendingPathComponent("es").path)
        #expect(folder.stored == 4, "\(folder.storedByType) \(folder.problems.lines)")  // steps, workout, route, CDA document

        let zip = temp.folder.appendingPathComponent("eksport.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        for (name, text) in [("apple_health_export/export_cda.xml", cda), ("apple_health_export/eksport.xml", xml),
                             ("apple_health_export/workout-routes/r.gpx", gpx)] {
            let data = Data(text.utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let fresh = try TempStore()
        let zipped = try fresh.importExport(zip.path)
        #expect(zipped.stored == 4, "\(zipped.storedByType) \(zipped.problems.lines)")
    }
}
