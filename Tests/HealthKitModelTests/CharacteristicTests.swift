import Foundation
import HealthKitModel
import TestSupport
import Testing

@Suite("Characteristics")
struct CharacteristicTests {
    @Test func rawValuesMatchHealthKit() {
        #expect(HKBiologicalSex.allCases.map(\.rawValue) == Array(0...3))
        #expect(HKBloodType.allCases.map(\.rawValue) == Array(0...8))
        #expect(HKFitzpatrickSkinType.VI.rawValue == 6)
        #expect(HKWheelchairUse.yes.rawValue == 2)
        #expect(HKActivityMoveMode.activeEnergy.rawValue == 1 && HKActivityMoveMode.appleMoveTime.rawValue == 2)
    }

    @Test func exportSpellings() {
        #expect(HKBiologicalSex.female.exportString == "HKBiologicalSexFemale")
        #expect(HKBloodType.abPositive.exportString == "HKBloodTypeABPositive")
        #expect(HKBloodType.oNegative.exportString == "HKBloodTypeONegative")
        #expect(HKFitzpatrickSkinType.notSet.exportString == "HKFitzpatrickSkinTypeNotSet")
        #expect(HKFitzpatrickSkinType.III.exportString == "HKFitzpatrickSkinTypeIII")
        #expect(HKWheelchairUse.no.exportString == "HKWheelchairUseNo")
        #expect(HKActivityMoveMode.appleMoveTime.exportString == "HKActivityMoveModeAppleMoveTime")
        #expect(HKBloodType(exportString: "HKBloodTypeAbPositive") == nil)
        #expect(HKBiologicalSex(exportString: "Female") == nil)
    }

    @Test func exportSpellingsRoundTrip() {
        func roundTrips<V: CharacteristicExportValue>(_: V.Type) -> Bool {
            V.allCases.allSatisfy { V(exportString: $0.exportString) == $0 }
                && Set(V.allCases.map(\.exportString)).count == V.allCases.count
        }
        #expect(roundTrips(HKBiologicalSex.self))
        #expect(roundTrips(HKBloodType.self))
        #expect(roundTrips(HKFitzpatrickSkinType.self))
        #expect(roundTrips(HKWheelchairUse.self))
        #expect(roundTrips(HKActivityMoveMode.self))
    }

    @Test func fixtureMeElementsParse() throws {
        guard let dir = TestData.directory("apple-health-export") else {
            print(TestData.missingMessage)
            return
        }
        var seen = 0
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".xml") {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for (attribute, parse) in [
                ("HKCharacteristicTypeIdentifierBiologicalSex", { HKBiologicalSex(exportString: $0) != nil }),
                ("HKCharacteristicTypeIdentifierBloodType", { HKBloodType(exportString: $0) != nil }),
                ("HKCharacteristicTypeIdentifierFitzpatrickSkinType", { HKFitzpatrickSkinType(exportString: $0) != nil }),
            ] as [(String, (String) -> Bool)] {
                for part in text.components(separatedBy: "\(attribute)=\"").dropFirst() {
                    let value = String(part.prefix { $0 != "\"" })
                    #expect(parse(value), "\(file): \(attribute)=\(value)")
                    seen += 1
                }
            }
        }
        #expect(seen >= 6)
    }

    @Test func wrapperObjects() {
        #expect(HKBiologicalSexObject(biologicalSex: .male).biologicalSex == .male)
        #expect(HKBloodTypeObject(bloodType: .aPositive) == HKBloodTypeObject(bloodType: .aPositive))
        #expect(HKBloodTypeObject(bloodType: .aPositive) != HKBloodTypeObject(bloodType: .aNegative))
        #expect(HKFitzpatrickSkinTypeObject(skinType: .II).skinType == .II)
        #expect(HKWheelchairUseObject(wheelchairUse: .yes).description == "<HKWheelchairUseObject: HKWheelchairUseYes>")
        #expect(HKActivityMoveModeObject(activityMoveMode: .appleMoveTime).activityMoveMode == .appleMoveTime)
        #expect(!HKBiologicalSexObject(biologicalSex: .notSet).isEqual(HKWheelchairUseObject(wheelchairUse: .notSet)))
    }
}
