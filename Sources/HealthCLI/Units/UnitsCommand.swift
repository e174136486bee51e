import ArgumentParser
import Foundation
import OpenHealthKit

/// `health units`: convert quantities and explain unit strings.
struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Convert quantities between HealthKit units and explain unit strings.",
        discussion: """
            Units use HealthKit's grammar: symbols such as g, m, L, s, count, %, degC, mmHg, with metric \
            prefixes (mc for micro), combined with '.', '*' or '·', one '/', powers '^n' and parentheses.
            Examples: kg, mg/dL, mmol<180.15588000005408>/L, count/min, ml/(kg*min), m/s^2.
            """,
        subcommands: [Convert.self, Show.self]
    )

    /// `health units convert VALUE FROM TO`.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert a value from one unit to another.",
            usage: "health units convert <value> <from> <to> [--precision <n>] [options]",
            discussion: """
                Examples:
                  health units convert 5 km mi
                  health units convert 98.6 degF degC
                  health units convert 5.5 'mmol<180.15588000005408>/L' mg/dL
                  health units convert -- -40 degC degF     (put -- before a negative value)
                """
        )

        @Argument(help: "The value to convert.")
        var value: Double

        @Argument(help: "The unit the value is in, e.g. km.")
        var from: String

        @Argument(help: "The unit to convert to, e.g. mi.")
        var to: String

        @Option(name: .shortAndLong, help: "Significant digits to print (1-17).")
        var precision: Int = 6

        @Option(name: .long, help: "Output format: table (one line) or json.")
        var format: OutputFormat = .table

        func validate() throws {
            guard (1...17).contains(precision) else { throw ValidationError("--precision must be between 1 and 17") }
        }

        func run() throws {
            let source = try UnitsCommand.unit(from)
            let target = try UnitsCommand.unit(to)
            let converted: Double
            do {
                converted = try HKQuantity(unit: source, doubleValue: value).checkedDoubleValue(for: target)
            } catch {
                throw badInput(error.description)
            }
            let table = Table(columns: ["value", "unit", "converted", "to"],
                              rows: [[NumberText.exact(value), source.unitString,
                                      NumberText.exact(converted), target.unitString]],
                              numericColumns: ["value", "converted"])
            if format == .table {
                Console.write("\(NumberText.significant(converted, digits: precision)) \(target.unitString)\n")
            } else {
                Console.write(table.render(format))
            }
        }
    }

    /// `health units show UNIT`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a unit's normalised string, dimension and factor to SI base units.",
            discussion: """
                Examples:
                  health units show 'ml/(kg*min)'
                  health units show mg/dL --format json
                """
        )

        @Argument(help: "A unit string, e.g. 'ml/(kg*min)'.")
        var unit: String

        @Option(name: .long, help: "Output format: table, json or csv.")
        var format: OutputFormat = .table

        func run() throws {
            let parsed = try UnitsCommand.unit(unit)
            let table = Table(columns: ["input", "unit", "dimension", "factor", "offset"], rows: [[
                unit, parsed.unitString, parsed.dimensionDescription,
                NumberText.exact(parsed.factorToBase), NumberText.exact(parsed.offsetToBase),
            ]], numericColumns: ["factor", "offset"])
            if format == .table {
                var lines = [
                    "unit       \(parsed.unitString)",
                    "dimension  \(parsed.dimensionDescription)",
                    "factor     \(NumberText.exact(parsed.factorToBase)) (1 \(parsed.unitString) in SI base units)",
                ]
                if parsed.offsetToBase != 0 {
                    lines.append("offset     \(NumberText.exact(parsed.offsetToBase)) (added after scaling)")
                }
                Console.write(lines.joined(separator: "\n") + "\n")
            } else {
                Console.write(table.render(format))
            }
        }
    }

    /// Parses `text` with the throwing twin, turning a bad unit into a one-line error (with suggestions) and status 2.
    static func unit(_ text: String) throws -> HKUnit {
        do {
            return try HKUnit.checked(from: text)
        } catch {
            throw badInput("\(error.description)\(Suggestions.didYouMean(text, among: commonUnits)) (see `health units --help`)")
        }
    }

    /// The unit `text` names, checked to fit quantities of `type`; otherwise status 2 naming units that fit.
    static func unit(_ text: String, for type: HKObjectType) throws -> HKUnit {
        let parsed = try unit(text)
        guard let quantityType = type as? HKQuantityType else {
            throw badInput("--unit applies to quantity types; \(type.shortName) has no unit to convert")
        }
        guard quantityType.is(compatibleWith: parsed) else {
            let fitting = commonUnits.compactMap { try? HKUnit.checked(from: $0) }.filter(quantityType.is(compatibleWith:)).map(\.unitString)
            let choices = fitting.isEmpty ? quantityType.canonicalUnit.unitString : fitting.prefix(6).joined(separator: ", ")
            throw badInput("unit \(parsed.unitString) does not fit \(quantityType.shortName); use one of \(choices)")
        }
        return parsed
    }

    /// Units people often type, for suggestions.
    static let commonUnits = [
        "count", "count/min", "count/s", "kg", "g", "mg", "lb", "oz", "st", "m", "km", "cm", "mm", "mi", "ft", "in", "yd",
        "s", "ms", "min", "hr", "d", "kcal", "Cal", "kJ", "J", "degC", "degF", "K", "%", "mmHg", "kPa", "atm", "mg/dL",
        "mmol<180.15588000005408>/L", "L", "mL", "fl_oz_us", "cup_us", "dBASPL", "dBHL", "Hz", "mcV", "W", "m/s", "km/hr",
        "mi/hr", "mL/min·kg", "IU", "lx", "kcal/hr·kg", "mcg", "cm/s", "V",
    ]
}
