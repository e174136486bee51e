import Foundation
import HealthKitModel

/// Audiograms to their JSON form and back.
///
/// Saving builds the points and tests with HealthKit's initialisers (`HKAudiogramSensitivityPoint(frequency:tests:)`,
/// `HKAudiogramSensitivityTest`, the clamping range) and checks the audiogram as `HKAudiogramSample(sensitivityPoints:…)`
/// does (at most 30 points, frequencies unique and ascending), plus what makes the numbers meaningful: a frequency more
/// than 0 and within human hearing, sensitivities within ``WirePayloadLimits/hearingLevels``. Each refusal names the
/// field (`samples[2].audiogram.sensitivityPoints[1].tests[0].side`).
extension WireMapping {
    /// The JSON form of `sample`'s points, every test with its type and masking spelled out.
    static func audiogram(_ sample: HKAudiogramSample) -> WireAudiogram {
        WireAudiogram(sensitivityPoints: sample.sensitivityPoints.map { point in
            WireSensitivityPoint(frequency: quantity(point.frequency), tests: point.tests.map { test in
                WireSensitivityTest(sensitivity: quantity(test.sensitivity), type: test.type.rawValue, masked: test.masked, side: test.side.rawValue,
                                    clampingRange: test.clampingRange.map { range in
                                        WireClampingRange(lowerBound: range.lowerBound?.doubleValue(for: .decibelHearingLevel()),
                                                          upperBound: range.upperBound?.doubleValue(for: .decibelHearingLevel()))
                                    })
            })
        })
    }

    /// The audiogram `part` describes, with the header's dates and identity.
    static func audiogram(_ part: WireAudiogram, _ header: Header) throws(HKError) -> HKAudiogramSample {
        let at = "\(header.place).audiogram.sensitivityPoints"
        guard let wirePoints = part.sensitivityPoints else { throw HKError.invalidArgument("\(at) is required") }
        guard wirePoints.count <= HKAudiogramSample.maximumSensitivityPoints else {
            throw HKError.invalidArgument("\(at) has \(wirePoints.count) points; an audiogram holds at most \(HKAudiogramSample.maximumSensitivityPoints)")
        }
        var points: [HKAudiogramSensitivityPoint] = []
        for (index, wire) in wirePoints.enumerated() {
            let place = "\(at)[\(index)]"
            let (frequency, hertz) = try positive(wire.frequency, unit: .hertz(), place: "\(place).frequency")
            guard hertz <= WirePayloadLimits.maximumHertz else {
                throw HKError.invalidArgument("\(place).frequency: \(hertz) Hz is above \(Int(WirePayloadLimits.maximumHertz)) Hz, the top of human hearing")
            }
            if let previous = points.last?.frequency.doubleValue(for: .hertz()), hertz <= previous {
                throw HKError.invalidArgument("\(place).frequency: \(hertz) Hz follows \(previous) Hz; frequencies go up and are not repeated")
            }
            var tests: [HKAudiogramSensitivityTest] = []
            for (number, test) in wire.tests.enumerated() {
                tests.append(try sensitivityTest(test, place: "\(place).tests[\(number)]"))
            }
            do {
                points.append(try HKAudiogramSensitivityPoint(checkedFrequency: frequency, tests: tests))
            } catch {
                throw HKError.invalidArgument("\(place).tests: \(error.localizedDescription)")
            }
        }
        try HKAudiogramSample.validate(points, start: header.start, end: header.end, metadata: header.metadata)
        return HKAudiogramSample(sensitivityPoints: points, start: header.start, end: header.end, uuid: header.uuid,
                                 sourceRevision: header.revision, device: header.device, metadata: header.metadata)
    }

    private static func sensitivityTest(_ wire: WireSensitivityTest, place: String) throws(HKError) -> HKAudiogramSensitivityTest {
        guard let side = HKAudiogramSensitivityTestSide(rawValue: wire.side) else {
            throw HKError.invalidArgument("\(place).side: \(wire.side) is not an HKAudiogramSensitivityTestSide (0 left, 1 right)")
        }
        guard let type = HKAudiogramConductionType(rawValue: wire.type ?? HKAudiogramConductionType.air.rawValue) else {
            throw HKError.invalidArgument("\(place).type: \(wire.type ?? 0) is not an HKAudiogramConductionType (0 air)")
        }
        let (sensitivity, level) = try measured(wire.sensitivity, unit: .decibelHearingLevel(), place: "\(place).sensitivity")
        try hearingLevel(level, place: "\(place).sensitivity.value")
        var range: HKAudiogramSensitivityPointClampingRange?
        if let clamp = wire.clampingRange {
            if let lower = clamp.lowerBound { try hearingLevel(lower, place: "\(place).clampingRange.lowerBound") }
            if let upper = clamp.upperBound { try hearingLevel(upper, place: "\(place).clampingRange.upperBound") }
            do {
                range = try HKAudiogramSensitivityPointClampingRange(checkedLower: clamp.lowerBound, upper: clamp.upperBound)
            } catch {
                throw HKError.invalidArgument("\(place).clampingRange: \(error.localizedDescription)")
            }
        }
        return try HKAudiogramSensitivityTest(checkedSensitivity: sensitivity, type: type, masked: wire.masked ?? false, side: side,
                                              clampingRange: range)
    }

    /// Throws unless `level` (dBHL) is within ``WirePayloadLimits/hearingLevels``.
    private static func hearingLevel(_ level: Double, place: String) throws(HKError) {
        let bounds = WirePayloadLimits.hearingLevels
        guard level.isFinite, bounds.contains(level) else {
            throw HKError.invalidArgument("\(place): \(level) dBHL is out of range (\(Int(bounds.lowerBound)) to \(Int(bounds.upperBound)) dBHL)")
        }
    }
}
