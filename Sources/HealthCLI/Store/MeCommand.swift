import ArgumentParser
import Foundation
import HealthExport
import OpenHealthKit
import HealthDatabase

/// `health me`: the person's characteristics, which only the person (not apps) can set.
struct MeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me",
        abstract: "Show or set your characteristics: date of birth, biological sex, blood type, ...",
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self
    )

    /// `health me show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show your characteristics.")

        @OptionGroup var store: StoreOptions

        @Option(help: OutputFormat.help)
        var format: OutputFormat = .table

        func run() async throws {
            let healthStore = try store.openForReading()
            let rows: [[String?]] = try await healthCall {
                let birth = try healthStore.storedDateOfBirthComponents().flatMap { components in
                    components.year.map { String(format: "%04d-%02d-%02d", $0, components.month ?? 1, components.day ?? 1) }
                }
                return [
                    ["dateOfBirth", birth],
                    ["biologicalSex", try healthStore.storedCharacteristic(HKBiologicalSex.self)?.exportSuffix],
                    ["bloodType", try healthStore.storedCharacteristic(HKBloodType.self)?.exportSuffix],
                    ["fitzpatrickSkinType", try healthStore.storedCharacteristic(HKFitzpatrickSkinType.self)?.exportSuffix],
                    ["wheelchairUse", try healthStore.storedCharacteristic(HKWheelchairUse.self)?.exportSuffix],
                    ["activityMoveMode", try healthStore.storedCharacteristic(HKActivityMoveMode.self)?.exportSuffix],
                    ["cardioFitnessMedicationsUse", try healthStore.storage().setting(CharacteristicsImport.cardioFitnessMedicationsUseSetting)],
                ]
            }
            Console.write(Table(columns: ["characteristic", "value"], rows: rows).render(format))
        }
    }

    /// `health me set --date-of-birth ... --blood-type ...`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set characteristics.",
            usage: "health me set [--date-of-birth <date>] [--blood-type <type>] [...]",
            discussion: """
                Values: --biological-sex female|male|other|notSet; --blood-type A+ A- B+ B- AB+ AB- O+ O- notSet;
                --skin-type I..VI|notSet; --wheelchair-use yes|no|notSet; --move-mode activeEnergy|appleMoveTime.
                Example:
                  health me set --date-of-birth 1990-04-02 --blood-type O+
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: "Date of birth, yyyy-MM-dd.")
        var dateOfBirth: String?
        @Option(help: "Biological sex.")
        var biologicalSex: String?
        @Option(help: "Blood type, e.g. AB+.")
        var bloodType: String?
        @Option(help: "Fitzpatrick skin type, I to VI.")
        var skinType: String?
        @Option(help: "Wheelchair use, yes or no.")
        var wheelchairUse: String?
        @Option(help: "Activity move mode.")
        var moveMode: String?

        func run() async throws {
            let birth = try dateOfBirth.map(Self.dateComponents)
            let sex = try biologicalSex.map { try Self.value(HKBiologicalSex.self, $0, option: "--biological-sex") }
            let blood = try bloodType.map { try Self.value(HKBloodType.self, $0, option: "--blood-type") }
            let skin = try skinType.map { try Self.value(HKFitzpatrickSkinType.self, $0, option: "--skin-type") }
            let wheelchair = try wheelchairUse.map { try Self.value(HKWheelchairUse.self, $0, option: "--wheelchair-use") }
            let move = try moveMode.map { try Self.value(HKActivityMoveMode.self, $0, option: "--move-mode") }
            guard birth != nil || sex != nil || blood != nil || skin != nil || wheelchair != nil || move != nil else {
                throw ValidationError("give at least one characteristic to set")
            }
            let healthStore = try store.openForWriting()
            try await healthCall {
                if let birth { try healthStore.setDateOfBirthComponents(birth) }
                if let sex { try healthStore.setCharacteristic(sex) }
                if let blood { try healthStore.setCharacteristic(blood) }
                if let skin { try healthStore.setCharacteristic(skin) }
                if let wheelchair { try healthStore.setCharacteristic(wheelchair) }
                if let move { try healthStore.setCharacteristic(move) }
            }
        }

        /// The case whose export spelling matches `text`, ignoring case; `+`/`-` read as Positive/Negative.
        static func value<Value: CharacteristicExportValue>(_: Value.Type, _ text: String, option: String) throws -> Value {
            let wanted = text.replacingOccurrences(of: "+", with: "Positive").replacingOccurrences(of: "-", with: "Negative").lowercased()
            let all = Array(Value.allCases)
            guard let match = all.first(where: { $0.exportSuffix.lowercased() == wanted }) else {
                let choices = all.map(\.exportSuffix).joined(separator: ", ")
                throw badInput("\(option): \"\(text)\" is not one of \(choices)")
            }
            return match
        }

        static func dateComponents(_ text: String) throws -> DateComponents {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { throw badInput("--date-of-birth: \"\(text)\" is not a date (use yyyy-MM-dd)") }
            return DateComponents(year: parts[0], month: parts[1], day: parts[2])
        }
    }
}
