import Foundation
import HealthKitModel

/// States of mind and scored assessments (GAD-7, PHQ-9) to their JSON form and back.
///
/// Saving checks what `HKStateOfMind(date:kind:valence:labels:associations:)` and the assessments' initialisers check
/// (a valence from -1 to 1; exactly seven or nine answers, each one the question allows), through their throwing
/// twins, and that the sample is one moment (`startDate` equal to `endDate`, as those initialisers take one date).
/// The computed values a read gives (valence classification, score, risk) are accepted on a save only when they are
/// the ones HealthKit computes, so a read sample saves back as it is and a wrong one is refused, not dropped.
extension WireMapping {
    /// The JSON form of `mind`.
    static func stateOfMind(_ mind: HKStateOfMind) -> WireStateOfMind {
        WireStateOfMind(kind: mind.kind.rawValue, valence: mind.valence, labels: mind.labels.map(\.rawValue),
                        associations: mind.associations.map(\.rawValue), valenceClassification: mind.valenceClassification.rawValue)
    }

    /// The JSON form of `assessment`: its answers, score and risk.
    static func scoredAssessment(_ assessment: HKScoredAssessment) -> WireScoredAssessment {
        let risk = (assessment as? HKGAD7Assessment)?.risk.rawValue ?? (assessment as? HKPHQ9Assessment)?.risk.rawValue
        return WireScoredAssessment(answers: assessment.answerValues, score: assessment.score, risk: risk)
    }

    /// Throws unless the header is one moment, after the checks every sample has.
    private static func requireMoment(_ header: Header, kind: String) throws(HKError) {
        try SampleValidation.sample(start: header.start, end: header.end, metadata: header.metadata)
        guard header.start == header.end else {
            throw HKError.invalidArgument("\(header.place).endDate must equal startDate: \(kind) is taken at one moment")
        }
    }

    /// Each raw value of `values` as `make` reads it, or an error naming the first that is none.
    private static func typed<Value>(_ values: [Int], _ make: (Int) -> Value?, field: String, name: String) throws(HKError) -> [Value] {
        var typed: [Value] = []
        for (index, raw) in values.enumerated() {
            guard let value = make(raw) else { throw HKError.invalidArgument("\(field)[\(index)]: \(raw) is not an \(name)") }
            typed.append(value)
        }
        return typed
    }

    /// The state of mind `part` describes, at the header's date.
    static func stateOfMind(_ part: WireStateOfMind, _ header: Header) throws(HKError) -> HKStateOfMind {
        let at = "\(header.place).stateOfMind"
        try requireMoment(header, kind: "a state of mind")
        guard let kind = HKStateOfMind.Kind(rawValue: part.kind) else {
            throw HKError.invalidArgument("\(at).kind: \(part.kind) is not an HKStateOfMind.Kind (1 momentary emotion, 2 daily mood)")
        }
        let labels = try typed(part.labels ?? [], HKStateOfMind.Label.init(rawValue:), field: "\(at).labels", name: "HKStateOfMind.Label")
        let associations = try typed(part.associations ?? [], HKStateOfMind.Association.init(rawValue:), field: "\(at).associations",
                                     name: "HKStateOfMind.Association")
        let checked: HKStateOfMind
        do {
            checked = try HKStateOfMind.checked(date: header.start, kind: kind, valence: part.valence, labels: labels, associations: associations,
                                                metadata: header.metadata)
        } catch {
            throw HKError.invalidArgument("\(at).valence: \(error.localizedDescription)")
        }
        if let given = part.valenceClassification, given != checked.valenceClassification.rawValue {
            throw HKError.invalidArgument("\(at).valenceClassification is \(given), but a valence of \(part.valence) is classified "
                + "\(checked.valenceClassification.rawValue)")
        }
        return HKStateOfMind(date: header.start, kind: kind, valence: part.valence, labels: labels, associations: associations, uuid: header.uuid,
                             sourceRevision: header.revision, device: header.device, metadata: header.metadata)
    }

    /// The GAD-7 or PHQ-9 assessment `part` describes, at the header's date.
    static func scoredAssessment(_ part: WireScoredAssessment, type: HKScoredAssessmentType, _ header: Header) throws(HKError) -> HKScoredAssessment {
        let at = "\(header.place).scoredAssessment"
        try requireMoment(header, kind: "an assessment")
        let checked: HKScoredAssessment, risk: Int
        do throws(HKError) {
            switch type.identifier {
            case HKScoredAssessmentTypeIdentifier.GAD7.rawValue:
                let answers = try typed(part.answers, HKGAD7Assessment.Answer.init(rawValue:), field: "\(at).answers", name: "HKGAD7Assessment.Answer")
                let gad7 = try HKGAD7Assessment.checked(date: header.start, answers: answers, metadata: header.metadata)
                (checked, risk) = (gad7, gad7.risk.rawValue)
            default:
                let answers = try typed(part.answers, HKPHQ9Assessment.Answer.init(rawValue:), field: "\(at).answers", name: "HKPHQ9Assessment.Answer")
                let phq9 = try HKPHQ9Assessment.checked(date: header.start, answers: answers, metadata: header.metadata)
                (checked, risk) = (phq9, phq9.risk.rawValue)
            }
        } catch {
            let message = error.localizedDescription
            throw message.hasPrefix(at) ? error : HKError.invalidArgument("\(at).answers: \(message)")
        }
        if let given = part.score, given != checked.score {
            throw HKError.invalidArgument("\(at).score is \(given), but the answers score \(checked.score)")
        }
        if let given = part.risk, given != risk {
            throw HKError.invalidArgument("\(at).risk is \(given), but a score of \(checked.score) is risk \(risk)")
        }
        let concrete: HKScoredAssessment.Type = checked is HKGAD7Assessment ? HKGAD7Assessment.self : HKPHQ9Assessment.self
        return concrete.init(type: HKScoredAssessmentTypeIdentifier(rawValue: type.identifier), date: header.start,
                             answerValues: checked.answerValues, score: checked.score, uuid: header.uuid, sourceRevision: header.revision,
                             device: header.device, metadata: header.metadata)
    }
}
