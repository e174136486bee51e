import Foundation
import HealthKitModel
import OpenHealthKit
import HealthDatabase

/// The `Me` element's attributes to the store's characteristics (date of birth, biological sex, blood type,
/// skin type, wheelchair use, and the cardio fitness medications use that iOS 16+ exports write, which HealthKit has no
/// API for and is kept as written). Empty values and `...NotSet` leave the stored value alone; unknown spellings are
/// reported at the `Me` element's `line`.
package enum CharacteristicsImport {
    /// The `Me` attribute iOS 16 and later write (`None`, or the medications) with no HealthKit characteristic type.
    package static let cardioFitnessMedicationsUse = "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse"

    /// The store setting that keeps ``cardioFitnessMedicationsUse`` as written.
    package static let cardioFitnessMedicationsUseSetting = "characteristic.cardioFitnessMedicationsUse"

    static func apply(_ attributes: [String: String], line: Int, to store: HKHealthStore, summary: inout ImportReport) {
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where !value.isEmpty && !value.hasSuffix("NotSet") {
            do {
                switch name {
                case "HKCharacteristicTypeIdentifierDateOfBirth":
                    let parts = value.split(separator: "-").compactMap { Int($0) }
                    guard parts.count == 3 else { throw ImportProblem(.badDate, line: line, "date of birth \"\(value)\"") }
                    try store.setDateOfBirthComponents(DateComponents(year: parts[0], month: parts[1], day: parts[2]))
                case "HKCharacteristicTypeIdentifierBiologicalSex": try set(HKBiologicalSex.self, value, store)
                case "HKCharacteristicTypeIdentifierBloodType": try set(HKBloodType.self, value, store)
                case "HKCharacteristicTypeIdentifierFitzpatrickSkinType": try set(HKFitzpatrickSkinType.self, value, store)
                case "HKCharacteristicTypeIdentifierWheelchairUse": try set(HKWheelchairUse.self, value, store)
                case "HKCharacteristicTypeIdentifierActivityMoveMode": try set(HKActivityMoveMode.self, value, store)
                case cardioFitnessMedicationsUse: try store.storage().setSetting(cardioFitnessMedicationsUseSetting, to: value)
                default:
                    summary.problems.add(ImportProblem(.unknownType, line: line, "Me: \(name)=\(value) (not stored)"))
                    continue
                }
                summary.characteristicsSet += 1
            } catch let problem as ImportProblem {
                summary.problems.add(ImportProblem(problem.kind, line: line, problem.detail))
            } catch {
                summary.problems.add(ImportProblem(.badValue, line: line, "Me: \(name)=\(value): \(error)"))
            }
        }
    }

    private static func set<Value: CharacteristicExportValue>(_ type: Value.Type, _ text: String, _ store: HKHealthStore) throws {
        guard let value = Value(exportString: text) else { throw ImportProblem(.badValue, line: 0, "Me: \(text) is not a \(Value.exportPrefix) value") }
        try store.setCharacteristic(value)
    }
}
