import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// The `Me` element from the store's characteristics (`...NotSet` and an empty date of birth when unset).
enum MeElement {
    static func text(storage: any HealthStorage) throws -> String {
        let store = HKHealthStore.owner(storage: storage)
        var birth = ""
        if let components = try? store.dateOfBirthComponents(), let year = components.year, let month = components.month, let day = components.day {
            birth = String(format: "%04d-%02d-%02d", year, month, day)
        }
        let sex = (try? store.biologicalSex().biologicalSex) ?? .notSet
        let blood = (try? store.bloodType().bloodType) ?? .notSet
        let skin = (try? store.fitzpatrickSkinType().skinType) ?? .notSet
        return " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"\(birth)\" HKCharacteristicTypeIdentifierBiologicalSex=\"\(sex.exportString)\""
            + " HKCharacteristicTypeIdentifierBloodType=\"\(blood.exportString)\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"\(skin.exportString)\"/>\n"
    }
}
