// Audiograms and vision prescriptions written as iOS apps write them: a hearing-test app saves an audiogram
// with the iOS 18.1 sensitivity-test API and reads it back with a typed descriptor; an optician's app saves a
// glasses prescription, and another app asks per-object permission before it can read it.
import Foundation
import HealthKit
import Testing

@Suite("Audiograms and vision prescriptions as HealthKit apps use them")
struct HearingAndVisionUsageInApps {
    let testDate = Date(timeIntervalSince1970: 1_720_000_000)

    @Test func aHearingTestAppSavesAndReadsAnAudiogram() async throws {
        let healthStore = try ScenarioDevice().healthStore()
        let audiogramType = HKObjectType.audiogramSampleType()
        try await healthStore.requestAuthorization(toShare: [audiogramType], read: [audiogramType])

        var points: [HKAudiogramSensitivityPoint] = []
        for (hertz, left, right) in [(500.0, 15.0, 20.0), (1000, 20, 25), (4000, 40, 35)] {
            let tests = [
                try HKAudiogramSensitivityTest(sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: left),
                                               type: .air, masked: false, side: .left, clampingRange: nil),
                try HKAudiogramSensitivityTest(sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: right),
                                               type: .air, masked: false, side: .right, clampingRange: nil),
            ]
            points.append(try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: hertz), tests: tests))
        }
        let audiogram = HKAudiogramSample(sensitivityPoints: points, start: testDate, end: testDate.addingTimeInterval(600),
                                          device: nil, metadata: nil)
        try await healthStore.save(audiogram)

        let descriptor = HKSampleQueryDescriptor(predicates: [.audiogram()], sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)])
        let latest = try await descriptor.result(for: healthStore).first
        let worstLeft = latest?.sensitivityPoints.compactMap { point in
            point.tests.first { $0.side == .left }?.sensitivity.doubleValue(for: .decibelHearingLevel())
        }.max()
        #expect(worstLeft == 40)
    }

    @Test func anOpticiansPrescriptionIsReadOnlyAfterPerObjectPermission() async throws {
        let device = try ScenarioDevice()
        let optician = device.healthStore(app: ScenarioDevice.coachApp)
        let visionType = HKObjectType.visionPrescriptionType()
        try await optician.requestAuthorization(toShare: [visionType], read: [])
        let right = HKGlassesLensSpecification(sphere: HKQuantity(unit: .diopter(), doubleValue: -0.75),
                                               cylinder: HKQuantity(unit: .diopter(), doubleValue: -0.25),
                                               axis: HKQuantity(unit: .degreeAngle(), doubleValue: 90), addPower: nil, vertexDistance: nil,
                                               prism: HKVisionPrism(amount: HKQuantity(unit: .prismDiopter(), doubleValue: 0.5),
                                                                    angle: HKQuantity(unit: .degreeAngle(), doubleValue: 90), eye: .right),
                                               farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let prescription = HKGlassesPrescription(rightEyeSpecification: right, leftEyeSpecification: nil, dateIssued: testDate,
                                                 expirationDate: Calendar.current.date(byAdding: .year, value: 2, to: testDate),
                                                 device: nil, metadata: nil)
        try await optician.save(prescription)

        let reader = device.healthStore()
        #expect(visionType.requiresPerObjectAuthorization())
        #expect(try await HKSampleQueryDescriptor(predicates: [.visionPrescription()], sortDescriptors: []).result(for: reader).isEmpty)
        try await reader.requestPerObjectReadAuthorization(for: visionType, predicate: nil)
        let found = try await HKSampleQueryDescriptor(predicates: [.visionPrescription()], sortDescriptors: []).result(for: reader)
        let glasses = try #require(found.first as? HKGlassesPrescription)
        #expect(glasses.rightEye?.prism?.verticalBase == .up)
        #expect(glasses.prescriptionType == .glasses)
    }
}
