import ArgumentParser
import OpenHealthKit

/// `health types`: HealthKit's data types with their identifiers, units and aggregation styles.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List HealthKit's data types: identifiers, canonical units, aggregation styles.",
        discussion: """
            Examples:
              health types --kind quantity
              health types --kind category --format json
              health types stepCount heartRate
            """
    )

    /// Which kinds of type to list.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case all, quantity, category, characteristic, correlation, workout, series, document, clinical, other
    }

    @Option(name: .shortAndLong, help: "Only types of this kind: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: Kind = .all

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @Argument(help: "Show only these types, by short name (stepCount) or identifier.")
    var names: [String] = []

    func run() throws {
        let types = try selectedTypes()
        let table = Table(
            columns: ["name", "identifier", "kind", "unit", "aggregation", "values"],
            rows: types.map { type in
                let quantityType = type as? HKQuantityType
                return [type.shortName, type.identifier, type.kind.rawValue,
                        quantityType?.canonicalUnit.unitString, quantityType.map { Self.styleName($0.aggregationStyle) },
                        (type as? HKCategoryType)?.valueDomain.enumName]
            })
        Console.write(table.render(format))
    }

    private func selectedTypes() throws -> [HKObjectType] {
        guard names.isEmpty else {
            return try TypeList.parse(names)
        }
        return HKObjectType.allTypes.filter { kind.includes($0.kind) }
    }

    /// The aggregation style as HealthKit's Swift case name.
    static func styleName(_ style: HKQuantityAggregationStyle) -> String {
        switch style {
        case .cumulative: "cumulative"
        case .discreteArithmetic: "discreteArithmetic"
        case .discreteTemporallyWeighted: "discreteTemporallyWeighted"
        case .discreteEquivalentContinuousLevel: "discreteEquivalentContinuousLevel"
        @unknown default: "unknown"
        }
    }
}

extension TypesCommand.Kind {
    /// Whether a type of `kind` belongs to this selection.
    func includes(_ kind: ObjectTypeKind) -> Bool {
        switch self {
        case .all: true
        case .other: ![.quantity, .category, .characteristic, .correlation, .workout, .series, .document, .clinical].contains(kind)
        default: rawValue == kind.rawValue
        }
    }
}
