import ArgumentParser
import Foundation
import OpenHealthKit

/// `health add TYPE VALUE`: enter a measurement by hand, as in the Health app's "Add Data".
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a quantity or category sample by hand (marked as user-entered).",
        usage: "health add <type> <value> [--unit <unit>] [--start <date>] [...]",
        discussion: """
            Examples:
              health add bodyMass 72.5 --unit kg
              health add stepCount 1200 --start 2024-03-01T08:00 --end 2024-03-01T09:00
              health add sleepAnalysis asleepCore \\
                  --start 2024-03-01T23:00 --end 2024-03-02T06:30
            Quantities use the type's canonical unit unless --unit is given; category values are a number or \
            the value's name (asleepCore, mild, ...). Prints the new sample's UUID.
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The type: a short name (bodyMass) or an identifier.")
    var type: String

    @Argument(help: "The value: a number for quantities; a number or a value name for categories.")
    var value: String

    @Option(help: "The unit of a quantity value, e.g. kg or count/min.")
    var unit: String?

    @Option(help: "When the sample starts (default: now): \(DateText.grammar).")
    var start: String?

    @Option(help: "When the sample ends (default: the start).")
    var end: String?

    func run() async throws {
        let sampleType = try TypeList.sampleType(type)
        let startDate = try start.map { try DateOptions.date($0, option: "--start") } ?? Date()
        let endDate = try end.map { try DateOptions.date($0, option: "--end") } ?? startDate
        if endDate < startDate { throw badInput("--end \(end ?? "") is before --start \(start ?? "now"); swap them or pick a later --end") }
        let metadata: [String: Any] = [HKMetadataKeyWasUserEntered: true, HKMetadataKeyTimeZone: TimeZone.current.identifier]
        let sample: HKSample
        do {
            switch sampleType {
            case let quantityType as HKQuantityType:
                guard let number = Double(value), number.isFinite else { throw badInput("\"\(value)\" is not a number") }
                let sampleUnit = try unit.map { try UnitsCommand.unit($0, for: quantityType) } ?? quantityType.canonicalUnit
                sample = try HKQuantitySample.checked(type: quantityType, quantity: HKQuantity(unit: sampleUnit, doubleValue: number),
                                                      start: startDate, end: endDate, metadata: metadata)
            case let categoryType as HKCategoryType:
                sample = try HKCategorySample.checked(type: categoryType, value: try Self.categoryValue(value, of: categoryType),
                                                      start: startDate, end: endDate, metadata: metadata)
            default:
                throw badInput("\(sampleType.shortName) samples cannot be added by hand; use a quantity or category type")
            }
        } catch let error as HKError {
            throw badInput(error.localizedDescription)
        }
        let healthStore = try store.openForWriting()
        try await healthCall { try await healthStore.save(sample) }
        Console.write(sample.uuid.uuidString + "\n")
    }

    /// A category value from a number or a value name such as `asleepCore` (or its full export name).
    static func categoryValue(_ text: String, of type: HKCategoryType) throws -> Int {
        if let number = Int(text) { return number }
        let domain = type.valueDomain
        let wanted = text.lowercased()
        let match = domain.exportNames.first { _, name in
            name.lowercased() == wanted || name.lowercased().hasSuffix(wanted) && name.dropLast(text.count).hasSuffix(domain.enumName)
        }
        guard let match else {
            let names = domain.exportNames.sorted { $0.key < $1.key }.map { String($0.value.dropFirst(domain.enumName.count)) }
            throw badInput("\"\(text)\" is not a value of \(type.shortName); use one of \(names.joined(separator: ", "))")
        }
        return match.key
    }
}
