import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// The `Me` element from the store's characteristics (`...NotSet` and an empty date of birth when unset).
enum MeElement {
    static func text(storage: any HealthStorage) throws -> String {
        let store = HKHealthStore.owner(storage: storage)
        let birth = dateOfBirth(store).map { String(format: "%04d-%02d-%02d", $0.year, $0.month, $0.day) } ?? ""
        let sex = (try? store.biologicalSex().biologicalSex) ?? .notSet
        let blood = (try? store.bloodType().bloodType) ?? .notSet
        let skin = (try? store.fitzpatrickSkinType().skinType) ?? .notSet
        let medications = (try? storage.setting(CharacteristicsImport.cardioFitnessMedicationsUseSetting)).flatMap { $0 }
            .map { " \(CharacteristicsImport.cardioFitnessMedicationsUse)=\"\(ExportText.escape($0))\"" } ?? ""
        return " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"\(birth)\" HKCharacteristicTypeIdentifierBiologicalSex=\"\(sex.exportString)\""
            + " HKCharacteristicTypeIdentifierBloodType=\"\(blood.exportString)\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"\(skin.exportString)\""
            + medications + "/>\n"
    }

    /// The store's date of birth as the ECG files write it (`Feb 5, 1952`), or empty when unset.
    static func ecgDateOfBirth(storage: any HealthStorage) -> String {
        guard let birth = dateOfBirth(HKHealthStore.owner(storage: storage)), (1...12).contains(birth.month) else { return "" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[birth.month - 1]) \(birth.day), \(birth.year)"
    }

    /// The store's date of birth, when it has a full one.
    private static func dateOfBirth(_ store: HKHealthStore) -> (year: Int, month: Int, day: Int)? {
        guard let components = try? store.dateOfBirthComponents(), let year = components.year, let month = components.month,
              let day = components.day else { return nil }
        return (year, month, day)
    }
}
