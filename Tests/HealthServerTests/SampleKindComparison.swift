import Foundation
import HealthKitModel
import HealthServer
import Testing

/// Field-by-field comparisons of audiograms, vision prescriptions, states of mind and scored assessments: two
/// HealthKit objects with each other, and the API's JSON of a sample with the object the library reads.
enum SampleKindComparison {
    /// Expects `ours` and `theirs` to hold the same HealthKit values (UUIDs and sources aside).
    static func same(_ ours: HKSample, _ theirs: HKSample) throws {
        #expect(type(of: ours) == type(of: theirs), "\(ours) vs \(theirs)")
        #expect(ours.sampleType == theirs.sampleType && ours.startDate == theirs.startDate && ours.endDate == theirs.endDate, "\(ours)")
        #expect(ours.device == theirs.device, "\(ours)")
        #expect(NSDictionary(dictionary: ours.metadata ?? [:]) == NSDictionary(dictionary: theirs.metadata ?? [:]), "\(ours)")
        switch (ours, theirs) {
        case let (ours as HKAudiogramSample, theirs as HKAudiogramSample):
            #expect(ours.sensitivityPoints == theirs.sensitivityPoints && ours.sensitivityPoints.count == 3)
        case let (ours as HKGlassesPrescription, theirs as HKGlassesPrescription):
            #expect(ours.rightEye == theirs.rightEye && ours.leftEye == theirs.leftEye && ours.rightEye?.prism != nil)
            #expect(ours.expirationDate == theirs.expirationDate && ours.dateIssued == theirs.dateIssued)
        case let (ours as HKContactsPrescription, theirs as HKContactsPrescription):
            #expect(ours.rightEye == theirs.rightEye && ours.leftEye == theirs.leftEye && ours.brand == theirs.brand)
            #expect(ours.expirationDate == theirs.expirationDate && ours.dateIssued == theirs.dateIssued)
        case let (ours as HKVisionPrescription, theirs as HKVisionPrescription):
            #expect(ours.prescriptionType == theirs.prescriptionType && ours.expirationDate == theirs.expirationDate && ours.dateIssued == theirs.dateIssued)
        case let (ours as HKStateOfMind, theirs as HKStateOfMind):
            #expect(ours.kind == theirs.kind && ours.valence == theirs.valence && ours.valenceClassification == theirs.valenceClassification)
            #expect(ours.labels == theirs.labels && ours.associations == theirs.associations)
        case let (ours as HKGAD7Assessment, theirs as HKGAD7Assessment):
            #expect(ours.answers == theirs.answers && ours.score == theirs.score && ours.risk == theirs.risk && ours.score == 10)
        case let (ours as HKPHQ9Assessment, theirs as HKPHQ9Assessment):
            #expect(ours.answers == theirs.answers && ours.score == theirs.score && ours.risk == theirs.risk && ours.score == 10)
        default:
            Issue.record("not a kind compared here: \(ours) and \(theirs)")
        }
    }

    /// `wire` in `unit`, when present.
    static func value(_ wire: WireQuantity?, _ unit: HKUnit) throws -> Double? {
        try wire.map { HKQuantity(unit: try HKUnit.checked(from: $0.unit), doubleValue: $0.value).doubleValue(for: unit) }
    }

    /// Expects `wire` and `stored` to be the same amount of `unit` (to rounding), or both absent.
    static func close(_ wire: WireQuantity?, _ stored: HKQuantity?, _ unit: HKUnit, _ field: String) throws {
        let sent = try value(wire, unit), kept = stored?.doubleValue(for: unit)
        #expect((sent == nil) == (kept == nil) && abs((sent ?? 0) - (kept ?? 0)) <= 1e-12, "\(field): \(String(describing: sent)) vs \(String(describing: kept))")
    }

    /// Expects the API's JSON `wire` to carry `object`'s values, as the library reads them.
    static func wire(_ wire: WireSample, describes object: HKSample) throws {
        #expect(wire.startDate == object.startDate && wire.endDate == object.endDate && wire.summary == nil)
        switch object {
        case let audiogram as HKAudiogramSample:
            let points = try #require(wire.audiogram?.sensitivityPoints)
            #expect(points.count == audiogram.sensitivityPoints.count)
            for (point, stored) in zip(points, audiogram.sensitivityPoints) {
                try close(point.frequency, stored.frequency, .hertz(), "frequency")
                #expect(point.tests.count == stored.tests.count)
                for (test, kept) in zip(point.tests, stored.tests) {
                    try close(test.sensitivity, kept.sensitivity, .decibelHearingLevel(), "sensitivity")
                    #expect(test.side == kept.side.rawValue && test.masked == kept.masked && test.type == kept.type.rawValue)
                    #expect(test.clampingRange?.lowerBound == kept.clampingRange?.lowerBound?.doubleValue(for: .decibelHearingLevel()))
                    #expect(test.clampingRange?.upperBound == kept.clampingRange?.upperBound?.doubleValue(for: .decibelHearingLevel()))
                }
            }
        case let prescription as HKVisionPrescription:
            let part = try #require(wire.visionPrescription)
            #expect(part.prescriptionType == prescription.prescriptionType.rawValue && wire.startDate == prescription.dateIssued)
            #expect(wire.endDate == prescription.expirationDate ?? prescription.dateIssued)
            #expect(part.brand == (prescription as? HKContactsPrescription)?.brand)
            let lenses: [HKLensSpecification?] = (prescription as? HKGlassesPrescription).map { [$0.rightEye, $0.leftEye] }
                ?? (prescription as? HKContactsPrescription).map { [$0.rightEye, $0.leftEye] } ?? [nil, nil]
            for (lens, stored) in zip([part.rightEye, part.leftEye], lenses) { try self.lens(lens, describes: stored) }
        case let mind as HKStateOfMind:
            let part = try #require(wire.stateOfMind)
            #expect(part.kind == mind.kind.rawValue && part.valence == mind.valence && part.valenceClassification == mind.valenceClassification.rawValue)
            #expect(part.labels == mind.labels.map(\.rawValue) && part.associations == mind.associations.map(\.rawValue))
        case let gad7 as HKGAD7Assessment:
            let part = try #require(wire.scoredAssessment)
            #expect(part.answers == gad7.answers.map(\.rawValue) && part.score == gad7.score && part.risk == gad7.risk.rawValue)
        case let phq9 as HKPHQ9Assessment:
            let part = try #require(wire.scoredAssessment)
            #expect(part.answers == phq9.answers.map(\.rawValue) && part.score == phq9.score && part.risk == phq9.risk.rawValue)
        default:
            Issue.record("not a kind compared here: \(object)")
        }
    }

    private static func lens(_ wire: WireLensSpecification?, describes stored: HKLensSpecification?) throws {
        #expect((wire == nil) == (stored == nil))
        guard let wire, let stored else { return }
        try close(wire.sphere, stored.sphere, .diopter(), "sphere")
        try close(wire.cylinder, stored.cylinder, .diopter(), "cylinder")
        try close(wire.axis, stored.axis, .degreeAngle(), "axis")
        try close(wire.addPower, stored.addPower, .diopter(), "addPower")
        let glasses = stored as? HKGlassesLensSpecification, contacts = stored as? HKContactsLensSpecification
        try close(wire.vertexDistance, glasses?.vertexDistance, .meter(), "vertexDistance")
        try close(wire.farPupillaryDistance, glasses?.farPupillaryDistance, .meter(), "farPupillaryDistance")
        try close(wire.nearPupillaryDistance, glasses?.nearPupillaryDistance, .meter(), "nearPupillaryDistance")
        try close(wire.baseCurve, contacts?.baseCurve, .meter(), "baseCurve")
        try close(wire.diameter, contacts?.diameter, .meter(), "diameter")
        #expect((wire.prism == nil) == (glasses?.prism == nil))
        if let prism = wire.prism, let kept = glasses?.prism {
            try close(prism.amount, kept.amount, .prismDiopter(), "prism.amount")
            try close(prism.angle, kept.angle, .degreeAngle(), "prism.angle")
            try close(prism.verticalAmount, kept.verticalAmount, .prismDiopter(), "prism.verticalAmount")
            try close(prism.horizontalAmount, kept.horizontalAmount, .prismDiopter(), "prism.horizontalAmount")
            #expect(prism.verticalBase == kept.verticalBase.rawValue && prism.horizontalBase == kept.horizontalBase.rawValue && prism.eye == kept.eye.rawValue)
        }
    }
}
