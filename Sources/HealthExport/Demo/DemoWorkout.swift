import Foundation
import HealthKitModel

/// A demo run: pause and resume events, statistics, metadata (a quantity-valued key included) and a GPX route.
enum DemoWorkout {
    static func write(day: Int, into demo: inout DemoDay) {
        let start = 17 * 3600 + demo.random.int(0...3600)
        let minutes = demo.random.int(25...60)
        let end = start + minutes * 60 + 120
        let pause = start + minutes * 30
        let distance = (Double(minutes) * demo.random.double(0.15, 0.19) * 1000).rounded() / 1000
        let energy = (Double(minutes) * demo.random.double(9, 12) * 100).rounded() / 100
        let output = demo.output
        let attributes = demo.watchAttributes(day, start, end)
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
        let (y, m, d) = DemoDay.civil(day)
        let file = String(format: "/workout-routes/route_%04d-%02d-%02d_%d.gpx", y, m, d, start)
        output.write("  <WorkoutRoute\(attributes)>\n   <FileReference path=\"\(file)\"/>\n  </WorkoutRoute>\n </Workout>\n")
        var locations: [WorkoutRouteLocation] = []
        var latitude = 37.77 + demo.random.double(-0.01, 0.01), longitude = -122.42 + demo.random.double(-0.01, 0.01)
        for point in 0..<40 {
            latitude += demo.random.double(-0.0004, 0.0006)
            longitude += demo.random.double(-0.0004, 0.0006)
            locations.append(WorkoutRouteLocation(
                latitude: (latitude * 1e6).rounded() / 1e6, longitude: (longitude * 1e6).rounded() / 1e6, altitude: (demo.random.double(2, 40) * 100).rounded() / 100,
                timestamp: demo.stamp(day, start + point * (end - start) / 40).date, horizontalAccuracy: 5, verticalAccuracy: 4,
                course: (demo.random.double(0, 359) * 10).rounded() / 10, speed: (demo.random.double(2, 4) * 100).rounded() / 100))
        }
        let url = demo.root.appendingPathComponent(String(file.dropFirst()))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(GPXReader.gpx(locations, name: "Route \(y)-\(m)-\(d)").utf8).write(to: url)
        demo.written.routes += 1
        demo.written.elements["Workout", default: 0] += 1
    }
}
