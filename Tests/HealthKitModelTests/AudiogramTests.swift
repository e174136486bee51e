import Foundation
import HealthKitModel
import Testing

@Suite("Audiograms")
struct AudiogramTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static func hz(_ value: Double) -> HKQuantity { HKQuantity(unit: .hertz(), doubleValue: value) }
    static func dB(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }

    @Test("the iOS 18.1 API keeps tests, masking and clamping; the deprecated ears read the unmasked air tests")
    func sensitivityPoints() throws {
        let range = try HKAudiogramSensitivityPointClampingRange(lowerBound: 0, upperBound: 90)
        let tests = [
            try HKAudiogramSensitivityTest(sensitivity: Self.dB(20), type: .air, masked: false, side: .left, clampingRange: nil),
            try HKAudiogramSensitivityTest(sensitivity: Self.dB(35), type: .air, masked: true, side: .left, clampingRange: range),
            try HKAudiogramSensitivityTest(sensitivity: Self.dB(15), type: .air, masked: false, side: .right, clampingRange: nil),
        ]
        let point = try HKAudiogramSensitivityPoint(frequency: Self.hz(1000), tests: tests)
        #expect(point.tests == tests)
        #expect(point == (try HKAudiogramSensitivityPoint(frequency: Self.hz(1000), tests: tests.reversed())))
        #expect(point.tests[1].clampingRange?.upperBound == Self.dB(90))
        #expect(range.lowerBound?.doubleValue(for: .decibelHearingLevel()) == 0)
        let old = try Self.deprecatedPoint(hz: 500, left: 30, right: nil)
        #expect(old.tests.count == 1)
        #expect(old.tests[0].side == .left && old.tests[0].type == .air && !old.tests[0].masked)
        #expect(Self.ears(of: point) == (Self.dB(20), Self.dB(15)))
        #expect(Self.ears(of: old) == (Self.dB(30), nil))
    }

    @Test("units, duplicate tests and empty or inverted clamping ranges are refused with HKError(.errorInvalidArgument)")
    func validation() throws {
        #expect(throws: HKError.self) { try HKAudiogramSensitivityTest(sensitivity: Self.hz(20), type: .air, masked: false, side: .left, clampingRange: nil) }
        #expect(throws: HKError.self) { try HKAudiogramSensitivityPoint(frequency: Self.dB(1000), tests: []) }
        let test = try HKAudiogramSensitivityTest(sensitivity: Self.dB(20), type: .air, masked: false, side: .left, clampingRange: nil)
        #expect(throws: HKError.self) { try HKAudiogramSensitivityPoint(frequency: Self.hz(1000), tests: [test, test]) }
        #expect(throws: HKError.self) { try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: nil) }
        #expect(throws: HKError.self) { try HKAudiogramSensitivityPointClampingRange(lowerBound: 50, upperBound: 10) }
        do {
            _ = try HKAudiogramSensitivityTest(sensitivity: Self.hz(20), type: .air, masked: false, side: .left, clampingRange: nil)
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription.contains("sensitivity"))
        }
    }

    @Test("an audiogram holds its points; kHz frequencies count as hertz")
    func audiogram() throws {
        let points = [try Self.deprecatedPoint(hz: 250, left: 35, right: 20), try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: .hertzUnit(with: .kilo), doubleValue: 1), tests: [])]
        let device = HKDevice(name: "AirPods", manufacturer: "Apple Inc.", model: nil, hardwareVersion: nil, firmwareVersion: nil,
                              softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        let sample = HKAudiogramSample(sensitivityPoints: points, start: Self.start, end: Self.start.addingTimeInterval(300),
                                       device: device, metadata: ["note": "left worse"])
        #expect(sample.sensitivityPoints == points)
        #expect(sample.sampleType == HKObjectType.audiogramSampleType())
        #expect(sample.device == device)
        #expect(sample.metadata?["note"] as? String == "left worse")
        let plain = HKAudiogramSample(sensitivityPoints: [], start: Self.start, end: Self.start, metadata: nil)
        #expect(plain.sensitivityPoints.isEmpty && plain.device == nil)
    }

    @Test("the checked twin refuses more than 30 points, unordered or repeated frequencies and an end before the start")
    func audiogramValidation() throws {
        func points(_ frequencies: [Double]) throws -> [HKAudiogramSensitivityPoint] {
            try frequencies.map { try HKAudiogramSensitivityPoint(frequency: Self.hz($0), tests: []) }
        }
        _ = try HKAudiogramSample.checked(sensitivityPoints: try points((1...30).map { Double($0) * 100 }), start: Self.start, end: Self.start)
        let cases: [([Double], TimeInterval)] = [((1...31).map { Double($0) * 100 }, 0), ([500, 250], 0), ([250, 250], 0), ([250], -1)]
        for (frequencies, length) in cases {
            #expect(throws: HKError.self) {
                try HKAudiogramSample.checked(sensitivityPoints: try points(frequencies), start: Self.start, end: Self.start.addingTimeInterval(length))
            }
        }
    }

    static func deprecatedPoint(hz: Double, left: Double?, right: Double?) throws -> HKAudiogramSensitivityPoint {
        try HKAudiogramSensitivityPoint(frequency: Self.hz(hz), leftEarSensitivity: left.map(dB), rightEarSensitivity: right.map(dB))
    }

    static func ears(of point: HKAudiogramSensitivityPoint) -> (HKQuantity?, HKQuantity?) {
        (point.leftEarSensitivity, point.rightEarSensitivity)
    }
}
