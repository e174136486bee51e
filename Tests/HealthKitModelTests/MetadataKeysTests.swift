import Foundation
import HealthKitModel
import TestSupport
import Testing

@Suite("HKMetadataKey constants")
struct MetadataKeysTests {
    @Test func spotChecksRawValues() {
        let expected: [(String, String)] = [
            (HKMetadataKeyDeviceSerialNumber, "HKDeviceSerialNumber"),
            (HKMetadataKeyTimeZone, "HKTimeZone"),
            (HKMetadataKeyWasUserEntered, "HKWasUserEntered"),
            (HKMetadataKeyHeartRateMotionContext, "HKMetadataKeyHeartRateMotionContext"),
            (HKMetadataKeySyncIdentifier, "HKMetadataKeySyncIdentifier"),
            (HKMetadataKeySyncVersion, "HKMetadataKeySyncVersion"),
            (HKMetadataKeySWOLFScore, "HKSWOLFScore"),
            (HKMetadataKeyCyclingFunctionalThresholdPowerTestType, "HKCyclingCyclingFunctionalThresholdPowerTestType"),
            (HKMetadataKeyActivityType, "HKActivityType"),
            (HKMetadataKeyWaterSalinity, "HKMetadataKeyWaterSalinity"),
            (HKMetadataKeyVO2MaxTestType, "HKVO2MaxTestType"),
            (HKMetadataKeyDevicePlacementSide, "HKMetadataKeyDevicePlacementSide"),
        ]
        for (constant, raw) in expected { #expect(constant == raw) }
    }

    @Test func catalogIsConsistent() {
        let entries = MetadataCatalog.entries
        #expect(entries.count == 71)
        #expect(Set(entries.map(\.key)).count == entries.count, "duplicate raw values")
        #expect(Set(entries.map(\.symbolName)).count == entries.count, "duplicate symbols")
        #expect(entries.allSatisfy { $0.symbolName.hasPrefix("HKMetadataKey") })
        #expect(MetadataCatalog.isHealthKitKey("HKTimeZone"))
        #expect(!MetadataCatalog.isHealthKitKey("HKMetadataKeyTimeZone"))
        #expect(MetadataCatalog.entry(forKey: "HKWeatherTemperature")?.valueKind == .quantity)
        #expect(MetadataCatalog.isPrivateKey("_HKPrivateWorkoutWasInDaytime"))
    }

    @Test func enumerationsHaveHealthKitsValues() {
        #expect(HKWeatherCondition.allCases.map(\.rawValue) == Array(0...27))
        #expect(HKWeatherCondition.tornado.rawValue == 27 && HKWeatherCondition.partlyCloudy.rawValue == 3)
        #expect(HKBodyTemperatureSensorLocation.forehead.rawValue == 11)
        #expect(HKHeartRateSensorLocation.foot.rawValue == 6)
        #expect(HKSwimmingStrokeStyle.kickboard.rawValue == 6)
        #expect(HKWorkoutSwimmingLocationType.openWater.rawValue == 2)
        #expect(HKInsulinDeliveryReason.basal.rawValue == 1)
        #expect(HKBloodGlucoseMealTime.postprandial.rawValue == 2)
        #expect(HKVO2MaxTestType.predictionNonExercise.rawValue == 3)
        #expect(HKAppleECGAlgorithmVersion.version2.rawValue == 2)
        #expect(HKDevicePlacementSide.central.rawValue == 3)
        #expect(HKWaterSalinity.saltWater.rawValue == 2)
        #expect(HKCyclingFunctionalThresholdPowerTestType.predictionExercise.rawValue == 4)
        #expect(HKPhysicalEffortEstimationType.deviceSensed.rawValue == 2)
        #expect(HKUserMotionContext.active.rawValue == 2)
    }

    /// Every key the reference's §7.3 table lists has the raw value the table gives.
    @Test func matchesTheReferenceTable() throws {
        guard let root = TestData.root else {
            print(TestData.missingMessage)
            return
        }
        let url = root.deletingLastPathComponent().appendingPathComponent("reference/healthkit-api.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            print("skipped: \(url.path) not found")
            return
        }
        let bySymbol = Dictionary(uniqueKeysWithValues: MetadataCatalog.entries.map { ($0.symbolName, $0.key) })
        let expected = ReferenceTable.rawValues(in: text, known: Set(bySymbol.keys))
        #expect(expected.count >= 60, "parsed only \(expected.count) keys from §7.3")
        for (symbol, raw) in expected {
            #expect(bySymbol[symbol] == raw, "\(symbol)")
        }
    }
}

/// Reads the `| Key | Value | Raw |` rows of the reference's §7.3 metadata table.
///
/// Rows abbreviate later names (`HKMetadataKeyElevationAscended / Descended`, `QuantityClampedToLower/UpperBound`);
/// abbreviations are expanded against the first name's words. Names that cannot be resolved are reported
/// under the `"?"` prefix so the test fails on them.
private enum ReferenceTable {
    static func rawValues(in text: String, known: Set<String>) -> [String: String] {
        guard let start = text.range(of: "### 7.3 Metadata keys") else { return [:] }
        var result: [String: String] = [:]
        let lines = text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        for line in lines {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("HKMetadataKey") else { continue }
            let symbols = resolve(splitNames(cells[1]), known: known)
            let rawCell = cells[3].replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "(sic)", with: "")
            if rawCell.hasPrefix("full names") {
                var exceptions: [String: String] = [:]
                if let arrow = rawCell.range(of: " → ") {
                    let name = rawCell[..<arrow.lowerBound].split(separator: " ").last.map(String.init) ?? ""
                    exceptions["HKMetadataKey" + name] = rawCell[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
                }
                for symbol in symbols { result[symbol] = exceptions[symbol] ?? symbol }
            } else {
                let raws = splitNames(rawCell)
                guard raws.count == symbols.count else { continue }
                for (symbol, raw) in zip(symbols, raws) { result[symbol] = raw }
            }
        }
        return result
    }

    /// `A / B (11)` or `A, B, C (14)` → names, without parenthesised notes and wildcard entries.
    private static func splitNames(_ cell: String) -> [String] {
        let plain = cell.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        return plain.split(whereSeparator: { $0 == "/" || $0 == "," })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.contains("*") && !$0.contains(" ") }
    }

    /// Expands abbreviated names to full `HKMetadataKey…` symbols.
    private static func resolve(_ symbols: [String], known: Set<String>) -> [String] {
        let names = symbols.map { $0.hasPrefix("HKMetadataKey") ? String($0.dropFirst("HKMetadataKey".count)) : $0 }
        return names.enumerated().map { index, name in
            let neighbours = names.indices.filter { $0 != index }.map { names[$0] }
            var candidates = [name]
            for other in neighbours {
                candidates += wordPrefixes(of: other).map { $0 + name }   // "Elevation" + "Descended"
                candidates += wordSuffixes(of: other).map { name + $0 }   // "QuantityClampedToLower" + "Bound"
            }
            return candidates.map { "HKMetadataKey" + $0 }.first(where: known.contains) ?? "?HKMetadataKey" + name
        }
    }

    private static func wordBoundaries(_ name: String) -> [String.Index] {
        name.indices.filter { $0 != name.startIndex && name[$0].isUppercase }
    }

    private static func wordPrefixes(of name: String) -> [String] { wordBoundaries(name).map { String(name[..<$0]) } }

    private static func wordSuffixes(of name: String) -> [String] { wordBoundaries(name).map { String(name[$0...]) } }
}
