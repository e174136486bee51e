import Foundation

/// One simulated day of a person's phone, watch, scale and blood-pressure cuff, written as export.xml elements.
struct DemoDay {
    private struct Source {
        let name: String
        let version: String
        let device: String?
    }
    private static let phone = Source(name: "Anna’s iPhone", version: "16.4.1",
        device: "<<HKDevice: 0x283a4c1e0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.4.1>")
    private static let watch = Source(name: "Anna’s Apple Watch", version: "9.4",
        device: "<<HKDevice: 0x283b7d2a0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.4>")
    private static let scale = Source(name: "Health Mate", version: "6020000", device: nil)
    private static let cuff = Source(name: "OMRON connect", version: "7.3.1", device: nil)

    var random: DemoRandom
    let root: URL
    let output: XMLOutput
    var written = DemoExport.Written()
    private var target = 0

    init(seed: UInt64, root: URL, output: XMLOutput) {
        random = DemoRandom(seed: seed)
        self.root = root
        self.output = output
    }

    /// The UTC offset in seconds on `day` (days since 1970) in a Pacific-like zone: -7 h from mid-March to early November.
    static func offset(day: Int) -> Int {
        let dayOfYear = (day % 365 + 365) % 365
        return (70...308).contains(dayOfYear) ? -25_200 : -28_800
    }

    /// The instant of local second `second` on `day`.
    private func instant(_ day: Int, _ second: Int) -> Date {
        Date(timeIntervalSince1970: Double(day * 86_400 + second - Self.offset(day: day)))
    }

    private func text(_ date: Date, _ day: Int) -> String { ExportText.date(date, offset: Self.offset(day: day)) }

    /// Writes one day's elements, stopping once `remaining` more records have been written.
    mutating func generate(day: Int, remaining: Int) {
        target = written.records + remaining
        var minute = 7 * 60
        while minute < 22 * 60 {
            if random.chance(0.6) {
                let steps = random.int(20...300)
                record(day, "HKQuantityTypeIdentifierStepCount", "count", "\(steps)", Self.phone, minute * 60, minute * 60 + 540)
                record(day, "HKQuantityTypeIdentifierDistanceWalkingRunning", "km", ExportText.number((Double(steps) * 0.000_72 * 1000).rounded() / 1000),
                       Self.phone, minute * 60, minute * 60 + 540)
            }
            if random.chance(0.5) {
                record(day, "HKQuantityTypeIdentifierStepCount", "count", "\(random.int(15...250))", Self.watch, minute * 60 + 60, minute * 60 + 600)
            }
            if minute % 15 == 0 {
                record(day, "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", ExportText.number((random.double(0.5, 25) * 1000).rounded() / 1000),
                       Self.watch, minute * 60, minute * 60 + 900)
            }
            minute += 10
        }
        var second = random.int(0...400)
        while second < 86_000 {
            record(day, "HKQuantityTypeIdentifierHeartRate", "count/min", "\(random.int(52...128))", Self.watch, second, second,
                   metadata: [("HKMetadataKeyHeartRateMotionContext", "\(random.int(0...2))")])
            second += random.int(300...560)
        }
        hrv(day)
        sleep(day)
        if day % 3 == 0 {
            record(day, "HKQuantityTypeIdentifierBodyMass", "lb", ExportText.number((random.double(140, 150) * 10).rounded() / 10), Self.scale,
                   7 * 3600 + 300, 7 * 3600 + 300, metadata: [("Modified Date", text(instant(day, 7 * 3600 + 320), day)), ("HKWasUserEntered", "0")])
        }
        if day % 5 == 0, target - written.records >= 2 { bloodPressure(day) }
        if day % 3 == 1, written.records < target { DemoWorkout.write(day: day, into: &self) }
        if written.records < target || day % 2 == 0 { activitySummary(day) }
    }

    private mutating func hrv(_ day: Int) {
        for hour in [3, 15] where written.records < target {
            let start = hour * 3600 + random.int(0...1800)
            var beats: [(String, String)] = []
            for beat in 0..<8 {
                let clock = start + beat
                beats.append(("\(random.int(55...75))", String(format: "%d:%02d:%02d.%02d %@", (clock / 3600 + 11) % 12 + 1, clock % 3600 / 60, clock % 60,
                                                           random.int(0...99), clock / 3600 < 12 ? "AM" : "PM")))
            }
            record(day, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", ExportText.number((random.double(20, 90) * 100).rounded() / 100),
                   Self.watch, start, start + 60, beats: beats)
        }
    }

    private mutating func sleep(_ day: Int) {
        var start = 23 * 3600 - 86_400 + random.int(0...3600)
        for stage in ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
                      "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAsleepCore"] where written.records < target {
            let length = random.int(1800...7200)
            record(day, "HKCategoryTypeIdentifierSleepAnalysis", nil, stage, Self.watch, start, start + length)
            start += length
        }
    }

    private mutating func bloodPressure(_ day: Int) {
        let time = 8 * 3600 + random.int(0...3600)
        let systolic = "\(random.int(108...135))", diastolic = "\(random.int(68...88))"
        record(day, "HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg", systolic, Self.cuff, time, time)
        record(day, "HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg", diastolic, Self.cuff, time, time)
        written.correlationMembers += 2
        let attributes = sourceAttributes(Self.cuff, day, time, time)
        output.write(" <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\"\(attributes)>\n")
        output.write("  <MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n")
        for (type, value) in [("HKQuantityTypeIdentifierBloodPressureSystolic", systolic), ("HKQuantityTypeIdentifierBloodPressureDiastolic", diastolic)] {
            output.write("  <Record type=\"\(type)\" unit=\"mmHg\" value=\"\(value)\"\(attributes)/>\n")
        }
        output.write(" </Correlation>\n")
        written.elements["Correlation", default: 0] += 1
    }

    private mutating func activitySummary(_ day: Int) {
        let (y, m, d) = DemoDay.civil(day)
        output.write(String(format: " <ActivitySummary dateComponents=\"%04d-%02d-%02d\"", y, m, d))
        output.write(" activeEnergyBurned=\"\(ExportText.number((random.double(200, 700) * 100).rounded() / 100))\" activeEnergyBurnedGoal=\"450\"")
        output.write(" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(random.int(5...80))\"")
        output.write(" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(random.int(6...14))\" appleStandHoursGoal=\"12\"/>\n")
        written.elements["ActivitySummary", default: 0] += 1
    }

    /// ` sourceName=... device=... creationDate=... startDate=... endDate=...` for local seconds on `day`.
    func sourceAttributes(_ source: (name: String, version: String, device: String?), _ day: Int, _ start: Int, _ end: Int) -> String {
        var text = " sourceName=\"\(ExportText.escape(source.name))\" sourceVersion=\"\(source.version)\""
        if let device = source.device { text += " device=\"\(ExportText.escape(device))\"" }
        let endText = self.text(instant(day, end), day)
        return text + " creationDate=\"\(endText)\" startDate=\"\(self.text(instant(day, start), day))\" endDate=\"\(endText)\""
    }

    private func sourceAttributes(_ source: Source, _ day: Int, _ start: Int, _ end: Int) -> String {
        sourceAttributes((source.name, source.version, source.device), day, start, end)
    }

    /// Writes one top-level `Record` (if the target is not reached yet).
    private mutating func record(_ day: Int, _ type: String, _ unit: String?, _ value: String, _ source: Source, _ start: Int, _ end: Int,
                                 metadata: [(String, String)] = [], beats: [(String, String)] = []) {
        guard written.records < target else { return }
        written.records += 1
        let unitText = unit.map { " unit=\"\($0)\"" } ?? ""
        let head = " <Record type=\"\(type)\"\(sourceAttributes(source, day, start, end))\(unitText) value=\"\(value)\""
        guard !metadata.isEmpty || !beats.isEmpty else { output.write(head + "/>\n"); return }
        output.write(head + ">\n")
        for (key, value) in metadata { output.write("  <MetadataEntry key=\"\(key)\" value=\"\(ExportText.escape(value))\"/>\n") }
        if !beats.isEmpty {
            output.write("  <HeartRateVariabilityMetadataList>\n")
            for (bpm, time) in beats { output.write("   <InstantaneousBeatsPerMinute bpm=\"\(bpm)\" time=\"\(time)\"/>\n") }
            output.write("  </HeartRateVariabilityMetadataList>\n")
        }
        output.write(" </Record>\n")
    }

    /// Year, month, day of a day number.
    static func civil(_ day: Int) -> (Int, Int, Int) {
        let text = ExportText.date(Date(timeIntervalSince1970: Double(day) * 86_400))
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        return (parts[0], parts[1], parts[2])
    }

    /// The local instant and its export text, for the workout writer.
    func stamp(_ day: Int, _ second: Int) -> (date: Date, text: String) {
        let date = instant(day, second)
        return (date, text(date, day))
    }

    /// The watch's source attributes, for the workout writer.
    func watchAttributes(_ day: Int, _ start: Int, _ end: Int) -> String { sourceAttributes(Self.watch, day, start, end) }
}
