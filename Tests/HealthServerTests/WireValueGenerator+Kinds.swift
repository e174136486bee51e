import Foundation
@testable import HealthServer

// Random audiograms, vision prescriptions, states of mind and scored assessments for the JSON writer's property test:
// every optional field filled in some of them.
extension WireValueGenerator {
    mutating func audiogram() -> WireAudiogram {
        WireAudiogram(sensitivityPoints: maybe {
            $0.list(3) { point in
                WireSensitivityPoint(frequency: point.quantity(), tests: point.list(3) { test in
                    WireSensitivityTest(sensitivity: test.quantity(), type: test.maybe { $0.integer() }, masked: test.maybe { $0.chance() },
                                        side: test.integer(), clampingRange: test.maybe {
                                            WireClampingRange(lowerBound: $0.maybe { $0.double() }, upperBound: $0.maybe { $0.double() })
                                        })
                })
            }
        })
    }

    mutating func visionPrescription() -> WireVisionPrescription {
        WireVisionPrescription(prescriptionType: UInt.random(in: 0...3, using: &random), rightEye: maybe { $0.lens() },
                               leftEye: maybe { $0.lens() }, brand: maybe { $0.string() })
    }

    mutating func lens() -> WireLensSpecification {
        var lens = WireLensSpecification(sphere: quantity())
        lens.cylinder = maybe { $0.quantity() }
        lens.axis = maybe { $0.quantity() }
        lens.addPower = maybe { $0.quantity() }
        lens.vertexDistance = maybe { $0.quantity() }
        lens.prism = maybe { $0.prism() }
        lens.farPupillaryDistance = maybe { $0.quantity() }
        lens.nearPupillaryDistance = maybe { $0.quantity() }
        lens.baseCurve = maybe { $0.quantity() }
        lens.diameter = maybe { $0.quantity() }
        return lens
    }

    mutating func prism() -> WirePrism {
        var prism = WirePrism(amount: maybe { $0.quantity() }, angle: maybe { $0.quantity() }, eye: maybe { $0.integer() })
        prism.verticalAmount = maybe { $0.quantity() }
        prism.verticalBase = maybe { $0.integer() }
        prism.horizontalAmount = maybe { $0.quantity() }
        prism.horizontalBase = maybe { $0.integer() }
        return prism
    }

    mutating func stateOfMind() -> WireStateOfMind {
        WireStateOfMind(kind: integer(), valence: double(), labels: maybe { $0.list(4) { $0.integer() } },
                        associations: maybe { $0.list(4) { $0.integer() } }, valenceClassification: maybe { $0.integer() })
    }

    mutating func scoredAssessment() -> WireScoredAssessment {
        WireScoredAssessment(answers: list(9) { $0.integer() }, score: maybe { $0.integer() }, risk: maybe { $0.integer() })
    }
}
