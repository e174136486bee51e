public import Foundation

/// A realistic synthetic Apple Health export, deterministic for a seed (OpenHealthKit extension), for trying
/// and benchmarking the importer, at the density of a real one: an iPhone and an Apple Watch counting overlapping
/// steps and distance, the watch's heart rate (with motion context), energy, audio exposure, night-time oxygen and
/// respiratory rate, heart rate variability readings each with the beat list of its minute, sleep stages (and a sleep
/// app's time in bed), a scale's body mass, water entered by hand, blood pressure correlations whose members also
/// appear at the top level (as in real exports), runs (from the watch and from a running app) with pause/resume events,
/// statistics and a GPX route of one point a second, indoor workouts, daily activity summaries, clinical records (a lab
/// result every 60 days), ECGs (electrocardiograms/*.csv, two in the first weeks and one every 90 days) and an
/// export_cda.xml document. Each record's `device` prints a new object address, as Apple's do. Dates are local times in
/// a zone with daylight-saving changes.
public struct DemoExport {
    /// How many top-level `Record` elements to write (the total is reached exactly).
    public var records: Int
    /// The random seed.
    public var seed: UInt64
    /// The first day, as days since 1970 (default 2016-01-01).
    public var firstDay = 16_801

    /// A generator for `records` records.
    public init(records: Int, seed: UInt64 = 1) {
        self.records = records
        self.seed = seed
    }

    /// What was written.
    public struct Written: Sendable, Codable, Hashable {
        /// Top-level `Record` elements.
        public var records = 0
        /// Of those, records that are also correlation members.
        public var correlationMembers = 0
        /// Elements by name (`Correlation`, `Workout`, `ActivitySummary`, `ClinicalRecord`; `Electrocardiogram` for the CSV files).
        public var elements: [String: Int] = [:]
        /// GPX route files.
        public var routes = 0
        /// The export.xml path.
        public var exportXML = ""
    }

    /// Writes `apple_health_export/` (export.xml, workout-routes/, electrocardiograms/, clinical-records/, export_cda.xml) under `folder`.
    public func write(to folder: URL) throws -> Written {
        let root = folder.appendingPathComponent("apple_health_export")
        let output = try XMLOutput(root.appendingPathComponent("export.xml"))
        var day = DemoDay(seed: seed, root: root, output: output)
        output.write(ExportDTD.prolog)
        output.write("<HealthData locale=\"en_US\">\n")
        output.write(" <ExportDate value=\"\(ExportText.date(Date(timeIntervalSince1970: Double(firstDay + 4000) * 86_400), offset: -28_800))\"/>\n")
        output.write(" <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1985-06-14\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\"")
        output.write(" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeAPositive\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\"")
        output.write(" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n")
        var number = 0
        while day.written.records < records {
            day.generate(day: firstDay + number, remaining: records - day.written.records)
            number += 1
        }
        let days = firstDay..<(firstDay + number)
        try DemoFiles.writeClinicalRecords(root: root, output: output, days: days, written: &day.written)
        let electrocardiograms = [firstDay + 10, firstDay + 40] + Array(stride(from: firstDay + 130, to: days.upperBound, by: 90))
        try DemoFiles.writeElectrocardiograms(root: root, days: electrocardiograms, written: &day.written)
        output.write("</HealthData>\n")
        try output.close()
        try DemoFiles.writeCDA(root: root)
        day.written.exportXML = root.appendingPathComponent("export.xml").path
        return day.written
    }
}

/// A small, fast, seedable generator (SplitMix64).
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A number in [low, high).
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { double(0, 1) < p }
}
