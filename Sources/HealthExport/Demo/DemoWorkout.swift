import Foundation
import HealthKitModel

/// The demo's workouts: outdoor runs with pause and resume events, statistics, metadata (a quantity-valued key
/// included) and a GPX route of one point a second, as the watch records it; indoor strength sessions without a route.
enum DemoWorkout {
    /// An outdoor run in the evening of `day`, with its route file.
    static func write(day: Int, into demo: inout DemoDay) {
        let start = 17 * 3600 + demo.random.int(0...3600)
        let minutes = demo.random.int(20...45)
        let end = start + minutes * 60 + 120
        let pause = start + minutes * 30
        let distance = (Double(minutes) * demo.random.double(0.15, 0.19) * 1000).rounded() / 1000
        let energy = (Double(minutes) * demo.random.double(9, 12) * 100).rounded() / 100
        let output = demo.output
        let source: DemoSource = day % 2 == 0 ? .runningApp : .watch
        let attributes = demo.sourceAttributes(source, day, start, end)
        output.write(" <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"\(minutes)\" durationUnit=\"min\"\(attributes)>\n")
        output.write("  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n")
        output.write("  <MetadataEntry key=\"HKAverageMETs\" value=\"\(ExportText.number((demo.random.double(8, 11) * 100).rounded() / 100)) kcal/hr·kg\"/>\n")
        output.write("  <MetadataEntry key=\"HKWeatherTemperature\" value=\"\(demo.random.int(40...80)) degF\"/>\n")
        output.write("  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"\(demo.stamp(day, pause).text)\"/>\n")
        output.write("  <WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"\(demo.stamp(day, pause + 120).text)\"/>\n")
        let from = demo.stamp(day, start).text, to = demo.stamp(day, end).text
        output.write("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(from)\" endDate=\"\(to)\" sum=\"\(ExportText.number(energy))\" unit=\"kcal\"/>\n")
        output.write("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"\(from)\" endDate=\"\(to)\" sum=\"\(ExportText.number(distance))\" unit=\"km\"/>\n")
        output.write("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"\(from)\" endDate=\"\(to)\" average=\"\(demo.random.int(135...160))\" minimum=\"\(demo.random.int(90...110))\" maximum=\"\(demo.random.int(165...185))\" unit=\"count/min\"/>\n")
        // Apple names the file after the route's end in local 12-hour time: route_2019-06-11_3.00pm.gpx.
        let (y, m, d) = DemoDay.civil(day)
        let hour = end / 3600 % 24
        let file = String(format: "/workout-routes/route_%04d-%02d-%02d_%d.%02d%@.gpx", y, m, d, (hour + 11) % 12 + 1, end % 3600 / 60, hour < 12 ? "am" : "pm")
        let sync = String(format: "%08X-%04X-%04X-%04X-%012llX", UInt32(truncatingIfNeeded: demo.random.next()), demo.random.int(0...0xFFFF),
                          0x4000 | demo.random.int(0...0xFFF), 0x8000 | demo.random.int(0...0x3FFF), demo.random.next() & 0xFFFF_FFFF_FFFF)
        output.write("  <WorkoutRoute sourceName=\"\(ExportText.escape(DemoSource.watch.name))\" sourceVersion=\"\(DemoSource.watch.version)\"\(demo.dateAttributes(day, start, end))>\n")
        output.write("   <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"2\"/>\n")
        output.write("   <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"\(sync)\"/>\n")
        output.write("   <FileReference path=\"\(file)\"/>\n  </WorkoutRoute>\n </Workout>\n")
        // One point a second while running (none during the pause), drifting like a person on streets.
        var locations: [WorkoutRouteLocation] = []
        locations.reserveCapacity(end - start)
        var latitude = 37.77 + demo.random.double(-0.01, 0.01), longitude = -122.42 + demo.random.double(-0.01, 0.01)
        var altitude = demo.random.double(2, 40), course = demo.random.double(0, 359)
        for second in start..<end where !(pause..<(pause + 120)).contains(second) {
            course = (course + demo.random.double(-8, 8) + 360).truncatingRemainder(dividingBy: 360)
            let speed = demo.random.double(2.4, 3.6)
            latitude += speed * cos(course * .pi / 180) / 111_000
            longitude += speed * sin(course * .pi / 180) / 88_000
            altitude += demo.random.double(-0.3, 0.3)
            func six(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
            locations.append(WorkoutRouteLocation(
                latitude: six(latitude), longitude: six(longitude), altitude: six(altitude), timestamp: demo.stamp(day, second).date,
                horizontalAccuracy: six(demo.random.double(2, 9)), verticalAccuracy: six(demo.random.double(1.5, 7)),
                course: six(course), speed: six(speed)))
        }
        let url = demo.root.appendingPathComponent(String(file.dropFirst()))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let name = String(format: "Route %04d-%02d-%02d %d:%02d%@", y, m, d, (hour + 11) % 12 + 1, end % 3600 / 60, hour < 12 ? "am" : "pm")
        try? Data(GPXReader.gpx(locations, name: name, exportedAt: demo.stamp(day + 1, 0).date).utf8).write(to: url)
        demo.written.routes += 1
        demo.written.elements["Workout", default: 0] += 1
    }

    /// An indoor strength session at noon of `day`: no route.
    static func writeIndoor(day: Int, into demo: inout DemoDay) {
        let start = 12 * 3600 + demo.random.int(0...1800)
        let minutes = demo.random.int(25...50)
        let end = start + minutes * 60
        let output = demo.output
        output.write(" <Workout workoutActivityType=\"HKWorkoutActivityTypeTraditionalStrengthTraining\" duration=\"\(minutes)\" durationUnit=\"min\"\(demo.sourceAttributes(.watch, day, start, end))>\n")
        output.write("  <MetadataEntry key=\"HKIndoorWorkout\" value=\"1\"/>\n")
        let from = demo.stamp(day, start).text, to = demo.stamp(day, end).text
        output.write("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(from)\" endDate=\"\(to)\" sum=\"\(ExportText.number(Double(minutes * demo.random.int(5...7))))\" unit=\"kcal\"/>\n")
        output.write(" </Workout>\n")
        demo.written.elements["Workout", default: 0] += 1
    }
}
