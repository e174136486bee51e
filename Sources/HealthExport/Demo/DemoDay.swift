import Foundation

/// One simulated day of a person's phone, watch, apps, scale and blood-pressure cuff, written as export.xml elements
/// at the density a real export has (see ``DemoExport``).
struct DemoDay {
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
                record(day, "HKQuantityTypeIdentifierStepCount", "count", "\(steps)", .phone, minute * 60, minute * 60 + 540)
                record(day, "HKQuantityTypeIdentifierDistanceWalkingRunning", "km", ExportText.number((Double(steps) * 0.000_72 * 1000).rounded() / 1000),
                       .phone, minute * 60, minute * 60 + 540)
                if random.chance(0.15) { record(day, "HKQuantityTypeIdentifierFlightsClimbed", "count", "\(random.int(1...3))", .phone, minute * 60, minute * 60 + 540) }
            }
            if random.chance(0.5) {
                record(day, "HKQuantityTypeIdentifierStepCount", "count", "\(random.int(15...250))", .watch, minute * 60 + 60, minute * 60 + 600)
            }
            if minute % 15 == 0 {
                record(day, "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", ExportText.number((random.double(0.5, 25) * 1000).rounded() / 1000),
                       .watch, minute * 60, minute * 60 + 900)
            }
            if minute % 30 == 0 {
                record(day, "HKQuantityTypeIdentifierEnvironmentalAudioExposure", "dBASPL", ExportText.number((random.double(45, 80) * 1000).rounded() / 1000),
                       .watch, minute * 60, minute * 60 + 1800)
            }
            minute += 10
        }
        for hour in 0..<24 {
            record(day, "HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", ExportText.number((random.double(55, 70) * 1000).rounded() / 1000),
                   .watch, hour * 3600, hour * 3600 + 3600)
        }
        var second = random.int(0...400)
        while second < 86_000 {
            record(day, "HKQuantityTypeIdentifierHeartRate", "count/min", "\(random.int(52...128))", .watch, second, second,
                   metadata: [("HKMetadataKeyHeartRateMotionContext", "\(random.int(0...2))")])
            second += random.int(300...560)
        }
        for hour in 1...5 {
            let at = hour * 3600 + random.int(0...1800)
            record(day, "HKQuantityTypeIdentifierOxygenSaturation", "%", ExportText.number(Double(random.int(94...99)) / 100), .watch, at, at)
            record(day, "HKQuantityTypeIdentifierRespiratoryRate", "count/min", ExportText.number(Double(random.int(26...36)) / 2), .watch, at, at + 1200)
        }
        hrv(day)
        sleep(day)
        if day % 3 == 0 {
            record(day, "HKQuantityTypeIdentifierBodyMass", "lb", ExportText.number((random.double(140, 150) * 10).rounded() / 10), .scale,
                   7 * 3600 + 300, 7 * 3600 + 300, metadata: [("Modified Date", text(instant(day, 7 * 3600 + 320), day)), ("HKWasUserEntered", "0")])
        }
        if day % 11 == 0 {
            record(day, "HKQuantityTypeIdentifierDietaryWater", "mL", "\(random.int(2...6) * 125)", .person, 12 * 3600, 12 * 3600,
                   metadata: [("HKWasUserEntered", "1")])
        }
        if day % 5 == 0, target - written.records >= 2 { bloodPressure(day) }
        if day % 3 == 1, written.records < target { DemoWorkout.write(day: day, into: &self) }
        if day % 7 == 3, written.records < target { DemoWorkout.writeIndoor(day: day, into: &self) }
        if written.records < target || day % 2 == 0 { activitySummary(day) }
    }

    /// Heart rate variability readings through the day (the watch takes one every few hours and more at night), each
    /// with the beat list of its minute: one `InstantaneousBeatsPerMinute` per beat, as Apple's export lists them.
    private mutating func hrv(_ day: Int) {
        for hour in [1, 3, 5, 9, 13, 17, 21] where written.records < target {
            let start = hour * 3600 + random.int(0...1800)
            var beats: [(String, String)] = []
            var clock = Double(start) + random.double(0.2, 0.9)
            let base = random.int(55...75)
            while clock < Double(start + 58) {
                let bpm = base + random.int(-4...4)
                beats.append(("\(bpm)", Self.clockText(clock)))
                clock += 60 / Double(bpm) * random.double(0.95, 1.05)
            }
            record(day, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", ExportText.number((random.double(20, 90) * 1000).rounded() / 1000),
                   .watch, start, start + 60, beats: beats)
        }
    }

    /// A local clock time as the beat lists write it: `3:05:09.27 PM`.
    static func clockText(_ seconds: Double) -> String {
        let whole = Int(seconds), hundredths = min(Int((seconds - Double(whole)) * 100), 99)
        let hour = whole / 3600 % 24, minute = whole % 3600 / 60, second = whole % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\((hour + 11) % 12 + 1):\(two(minute)):\(two(second)).\(two(hundredths)) \(hour < 12 ? "AM" : "PM")"
    }

    private mutating func sleep(_ day: Int) {
        let bedtime = 23 * 3600 - 86_400 + random.int(0...3600)
        var start = bedtime + random.int(300...1200)
        for stage in ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepCore",
                      "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleepCore",
                      "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepREM"]
            where written.records < target {
            let length = stage.hasSuffix("Awake") ? random.int(60...600) : random.int(900...3600)
            record(day, "HKCategoryTypeIdentifierSleepAnalysis", nil, stage, .watch, start, start + length)
            start += length
        }
        record(day, "HKCategoryTypeIdentifierSleepAnalysis", nil, "HKCategoryValueSleepAnalysisInBed", .watch, bedtime, start + 300)
        record(day, "HKCategoryTypeIdentifierSleepAnalysis", nil, "HKCategoryValueSleepAnalysisInBed", .sleepApp, bedtime + 120, start + 600,
               metadata: [("HKTimeZone", "America/Los_Angeles")])
    }

    private mutating func bloodPressure(_ day: Int) {
        let time = 8 * 3600 + random.int(0...3600)
        let systolic = "\(random.int(108...135))", diastolic = "\(random.int(68...88))"
        record(day, "HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg", systolic, .cuff, time, time)
        record(day, "HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg", diastolic, .cuff, time, time)
        written.correlationMembers += 2
        let attributes = sourceAttributes(.cuff, day, time, time)
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
    mutating func sourceAttributes(_ source: DemoSource, _ day: Int, _ start: Int, _ end: Int) -> String {
        sourceText(source) + dateAttributes(day, start, end)
    }

    /// ` sourceName=... sourceVersion=... device=...`, the device's address drawn anew (each of Apple's records prints its own).
    private mutating func sourceText(_ source: DemoSource) -> String {
        var text = " sourceName=\"\(ExportText.escape(source.name))\" sourceVersion=\"\(source.version)\""
        if let device = source.device(&random) { text += " device=\"\(ExportText.escape(device))\"" }
        return text
    }

    /// ` creationDate=... startDate=... endDate=...` for local seconds on `day`.
    func dateAttributes(_ day: Int, _ start: Int, _ end: Int) -> String {
        let endText = self.text(instant(day, end), day)
        return " creationDate=\"\(endText)\" startDate=\"\(self.text(instant(day, start), day))\" endDate=\"\(endText)\""
    }

    /// Writes one top-level `Record` (if the target is not reached yet).
    private mutating func record(_ day: Int, _ type: String, _ unit: String?, _ value: String, _ source: DemoSource, _ start: Int, _ end: Int,
                                 metadata: [(String, String)] = [], beats: [(String, String)] = []) {
        guard written.records < target else { return }
        written.records += 1
        let unitText = unit.map { " unit=\"\($0)\"" } ?? ""
        // Apple's attribute order: type, source, version, device, unit, dates, value.
        let head = " <Record type=\"\(type)\"\(sourceText(source))\(unitText)\(dateAttributes(day, start, end)) value=\"\(value)\""
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
}
