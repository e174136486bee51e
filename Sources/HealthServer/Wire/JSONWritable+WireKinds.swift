import Foundation

// The wire forms of audiograms, vision prescriptions, states of mind and scored assessments as ``JSONWriter`` writes
// them: members in key order, nil ones left out, as their `Encodable` conformances (JSONWriterTests).

extension WireAudiogram: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("sensitivityPoints", sensitivityPoints)
        }
    }
}

extension WireSensitivityPoint: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("frequency", frequency)
            try json.field("tests", tests)
        }
    }
}

extension WireSensitivityTest: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("clampingRange", clampingRange)
            try json.field("masked", masked)
            try json.field("sensitivity", sensitivity)
            try json.field("side", side)
            try json.field("type", type)
        }
    }
}

extension WireClampingRange: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("lowerBound", lowerBound)
            try json.field("upperBound", upperBound)
        }
    }
}

extension WireVisionPrescription: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("brand", brand)
            try json.field("leftEye", leftEye)
            try json.field("prescriptionType", prescriptionType)
            try json.field("rightEye", rightEye)
        }
    }
}

extension WireLensSpecification: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("addPower", addPower)
            try json.field("axis", axis)
            try json.field("baseCurve", baseCurve)
            try json.field("cylinder", cylinder)
            try json.field("diameter", diameter)
            try json.field("farPupillaryDistance", farPupillaryDistance)
            try json.field("nearPupillaryDistance", nearPupillaryDistance)
            try json.field("prism", prism)
            try json.field("sphere", sphere)
            try json.field("vertexDistance", vertexDistance)
        }
    }
}

extension WirePrism: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("amount", amount)
            try json.field("angle", angle)
            try json.field("eye", eye)
            try json.field("horizontalAmount", horizontalAmount)
            try json.field("horizontalBase", horizontalBase)
            try json.field("verticalAmount", verticalAmount)
            try json.field("verticalBase", verticalBase)
        }
    }
}

extension WireStateOfMind: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("associations", associations)
            try json.field("kind", kind)
            try json.field("labels", labels)
            try json.field("valence", valence)
            try json.field("valenceClassification", valenceClassification)
        }
    }
}

extension WireScoredAssessment: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("answers", answers)
            try json.field("risk", risk)
            try json.field("score", score)
        }
    }
}
