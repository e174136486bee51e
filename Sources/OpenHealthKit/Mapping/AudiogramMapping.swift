import Foundation
import HealthDatabase
import HealthKitModel

/// Audiograms to `Audiogram` elements (the stored payload) and back.
///
/// Each `SensitivityPoint` child holds at most one test per ear (`leftEar…`, `rightEar…` attributes, as
/// export.xml has them); a point with more tests per ear (masked and unmasked) becomes several children
/// with the same frequency, which reading merges again.
enum AudiogramMapping {
    /// The element for `sample`'s points (source, dates and metadata stay in the record).
    static func element(from sample: HKAudiogramSample) -> StoredElement {
        StoredElement(name: "Audiogram", attributes: ["type": sample.sampleType.identifier],
                      children: sample.sensitivityPoints.flatMap(rows))
    }

    /// The audiogram an element and a record's shared parts describe. Throws `HKError(.errorInvalidArgument)`
    /// naming the bad value.
    static func audiogram(from element: StoredElement, _ common: CommonParts) throws(HKError) -> HKAudiogramSample {
        var frequencies: [Double] = []
        var points: [Double: (frequency: HKQuantity, tests: [HKAudiogramSensitivityTest])] = [:]
        for row in element.children where row.name == "SensitivityPoint" {
            guard let frequency = try ElementValues.quantity(row, "frequencyValue", unitKey: "frequencyUnit", .hertz()) else {
                throw HKError(.errorInvalidArgument, "SensitivityPoint has no frequencyValue")
            }
            let hertz = frequency.doubleValue(for: .hertz())
            if points[hertz] == nil { frequencies.append(hertz) }
            points[hertz, default: (frequency, [])].tests += try tests(in: row)
        }
        var sensitivityPoints: [HKAudiogramSensitivityPoint] = []
        for hertz in frequencies.sorted() {
            let point = points[hertz]!
            sensitivityPoints.append(try HKAudiogramSensitivityPoint(checkedFrequency: point.frequency, tests: point.tests))
        }
        try HKAudiogramSample.validate(sensitivityPoints, start: common.start, end: common.end, metadata: nil)
        return HKAudiogramSample(sensitivityPoints: sensitivityPoints, start: common.start, end: common.end, uuid: common.uuid,
                                 sourceRevision: common.revision, device: common.device,
                                 metadata: common.metadata ?? element.metadataEntries)
    }

    /// The ears' tests of one `SensitivityPoint` child.
    private static func tests(in row: StoredElement) throws(HKError) -> [HKAudiogramSensitivityTest] {
        var tests: [HKAudiogramSensitivityTest] = []
        for (side, ear) in [(HKAudiogramSensitivityTestSide.left, "leftEar"), (.right, "rightEar")] {
            guard let sensitivity = try ElementValues.quantity(row, ear + "Value", unitKey: ear + "Unit", .decibelHearingLevel()) else { continue }
            let lower = try ElementValues.number(row, ear + "ClampingRangeLowerBound")
            let upper = try ElementValues.number(row, ear + "ClampingRangeUpperBound")
            let range = lower == nil && upper == nil ? nil : try HKAudiogramSensitivityPointClampingRange(checkedLower: lower, upper: upper)
            tests.append(try HKAudiogramSensitivityTest(checkedSensitivity: sensitivity, type: .air, masked: ElementValues.flag(row.attributes[ear + "Masked"]),
                                                        side: side, clampingRange: range))
        }
        return tests
    }

    /// The `SensitivityPoint` children of one point: as many as its largest number of tests for one ear.
    private static func rows(_ point: HKAudiogramSensitivityPoint) -> [StoredElement] {
        let left = point.tests.filter { $0.side == .left }, right = point.tests.filter { $0.side == .right }
        return (0..<max(1, left.count, right.count)).map { index in
            var attributes: [String: String] = [:]
            ElementValues.set(point.frequency, "frequencyValue", unitKey: "frequencyUnit", in: &attributes)
            for (tests, ear) in [(left, "leftEar"), (right, "rightEar")] where index < tests.count {
                let test = tests[index]
                ElementValues.set(test.sensitivity, ear + "Value", unitKey: ear + "Unit", in: &attributes)
                if test.masked { attributes[ear + "Masked"] = "1" }
                if let bound = test.clampingRange?.lowerBound { attributes[ear + "ClampingRangeLowerBound"] = ElementValues.number(bound.doubleValue(for: .decibelHearingLevel())) }
                if let bound = test.clampingRange?.upperBound { attributes[ear + "ClampingRangeUpperBound"] = ElementValues.number(bound.doubleValue(for: .decibelHearingLevel())) }
            }
            return StoredElement(name: "SensitivityPoint", attributes: attributes)
        }
    }
}
