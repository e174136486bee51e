import Foundation
import TestSupport
import OpenHealthKit
import OpenHealthKitSQLite
import Testing
import CoreLocation

/// A hand-written export folder with known contents, imported by the real `health` process; the `--format json`
/// summary, the exit status and the objects read back through HealthKit queries are compared with the truth.
@Suite("health import of a hand-written export with known ground truth (the built binary)")
struct ImportGroundTruthCommandTests {
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <ExportDate value="2022-11-20 10:00:00 -0800"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1975-02-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2022-03-13 01:59:00 -0800" endDate="2022-03-13 03:01:00 -0700" value="100"/>
     <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="mmol&lt;180.1558800000541&gt;/L" startDate="2022-03-14 08:00:00 -0700" endDate="2022-03-14 08:00:00 -0700" value="6"/>
     <Record type="HKQuantityTypeIdentifierWalkingSpeed" sourceName="Phone" unit="km/hr" startDate="2022-03-14 09:00:00 -0700" endDate="2022-03-14 09:01:00 -0700" value="oops"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2022-03-14 07:00:00 -0700" endDate="2022-03-14 07:00:00 -0700" value="118"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2022-03-14 07:00:00 -0700" endDate="2022-03-14 07:00:00 -0700" value="76"/>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2022-03-14 07:00:00 -0700" endDate="2022-03-14 07:00:00 -0700">
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2022-03-14 07:00:00 -0700" endDate="2022-03-14 07:00:00 -0700" value="118"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2022-03-14 07:00:00 -0700" endDate="2022-03-14 07:00:00 -0700" value="76"/>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="10" durationUnit="min" sourceName="Watch" startDate="2022-03-14 10:00:00 -0700" endDate="2022-03-14 10:10:00 -0700">
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2022-03-14 10:00:00 -0700" endDate="2022-03-14 10:10:00 -0700" sum="0.8" unit="km"/>
      <WorkoutRoute sourceName="Watch" startDate="2022-03-14 10:00:00 -0700" endDate="2022-03-14 10:10:00 -0700">
       <FileReference path="/workout-routes/route_2022-03-14_10.00am.gpx"/>
      </WorkoutRoute>
     </Workout>
     <Record type="HKQuantityTypeIdentifierFutureThing" sourceName="Phone" unit="count" startDate="2022-03-14 09:00:00 -0700" endDate="2022-03-14 09:01:00 -0700" value="1"/>
    </HealthData>

    """
    static let gpx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
     <trk><name>Route</name><trkseg>
      <trkpt lon="-122.400000" lat="37.700000"><ele>10.0</ele><time>2022-03-14T17:00:00Z</time></trkpt>
      <trkpt lon="-122.401000" lat="37.701000"><ele>11.0</ele><time>2022-03-14T17:05:00Z</time></trkpt>
      <trkpt lon="-122.402000" lat="37.702000"><ele>12.5</ele><time>2022-03-14T17:10:00Z</time></trkpt>
     </trkseg></trk>
    </gpx>

    """

    static func folder() throws -> URL {
        let url = TemporaryFiles.folder.appendingPathComponent("ohk-truth-cli-\(UUID().uuidString)")
        let export = url.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: export.appendingPathComponent("export.xml"))
        try Data(gpx.utf8).write(to: export.appendingPathComponent("workout-routes/route_2022-03-14_10.00am.gpx"))
        return url
    }

    @Test("--format json counts, problems by kind with lines, exit 0; the objects read back match the export")
    func importFolder() async throws {
        let folder = try Self.folder()
        let database = folder.appendingPathComponent("health.sqlite").path
        let run = try await HealthProcess.run(["import", folder.path, "--database", database, "--format", "json", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        // Steps, glucose, 2 blood pressure members, the correlation, the workout and its route.
        #expect(summary["stored"] as? Int == 7, "\(summary)")
        #expect(summary["characteristicsSet"] as? Int == 2)
        let stored = try #require(summary["storedByType"] as? [String: Int])
        #expect(stored["HKQuantityTypeIdentifierBloodPressureSystolic"] == 1 && stored["HKCorrelationTypeIdentifierBloodPressure"] == 1)
        let groups = try #require((summary["problems"] as? [String: Any])?["groups"] as? [[String: Any]])
        let byKind = Dictionary(uniqueKeysWithValues: groups.map { ($0["kind"] as! String, ($0["count"] as! Int, $0["lines"] as! [Int])) })
        #expect(byKind.count == 2, "\(groups)")
        #expect(byKind["invalid value"]?.0 == 1 && byKind["invalid value"]?.1 == [7])
        #expect(byKind["unknown type"]?.0 == 1 && byKind["unknown type"]?.1 == [20])

        let store = try HKHealthStore.owner(databasePath: database)
        #expect(try store.dateOfBirthComponents().year == 1975)
        #expect(try store.biologicalSex().biologicalSex == .male)
        let steps = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.stepCount))], sortDescriptors: []).result(for: store)
        // 01:59 PST to 03:01 PDT across the spring-forward gap: 2 minutes.
        #expect(steps.first.map { $0.endDate.timeIntervalSince($0.startDate) } == 120)
        let glucose = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.bloodGlucose))], sortDescriptors: []).result(for: store)
        let mgdL = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
        #expect(abs((glucose.first?.quantity.doubleValue(for: mgdL) ?? 0) - 108.093_528) < 1e-3)
        let workout = try #require(try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store).first)
        #expect(workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) == 800)
        let route = try #require(try await HKSampleQueryDescriptor(predicates: [.workoutRoute(HKQuery.predicateForObjects(from: workout))], sortDescriptors: []).result(for: store).first)
        var altitudes: [Double] = [], last: Date?
        for try await point in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
            altitudes.append(point.altitude)
            last = point.timestamp
        }
        #expect(altitudes == [10, 11, 12.5])
        #expect(last == Date(timeIntervalSince1970: 1_647_277_800))

        let again = try await HealthProcess.run(["import", folder.path, "--database", database, "--format", "json", "--quiet"])
        let second = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(again.status == 0 && second["stored"] as? Int == 0 && second["alreadyStored"] as? Int == 7, "\(second)")
    }

    @Test("--format csv keeps standard output a table of types and reports the problems on standard error")
    func csvProblems() async throws {
        let folder = try Self.folder()
        let run = try await HealthProcess.run(["import", folder.path, "--database", folder.appendingPathComponent("c.sqlite").path, "--format", "csv", "--quiet"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("type,stored") && !run.stdout.contains("FutureThing"))
        #expect(run.stderr.contains("1 × unknown type (lines 20)") && run.stderr.contains("HKQuantityTypeIdentifierFutureThing"), "\(run.stderr)")
    }

    @Test("an export where nothing is usable exits 1 and still reports its problems")
    func nothingUsable() async throws {
        let folder = try Self.folder()
        let xml = folder.appendingPathComponent("bad.xml")
        try Data("<HealthData locale=\"en_US\">\n <Record type=\"HKQuantityTypeIdentifierFutureThing\" sourceName=\"P\" unit=\"count\" startDate=\"2022-03-14 09:00:00 -0700\" endDate=\"2022-03-14 09:01:00 -0700\" value=\"1\"/>\n</HealthData>\n".utf8).write(to: xml)
        let run = try await HealthProcess.run(["import", xml.path, "--database", folder.appendingPathComponent("h.sqlite").path, "--format", "json", "--quiet"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("HKQuantityTypeIdentifierFutureThing"), "\(run.stdout)")
    }
}
