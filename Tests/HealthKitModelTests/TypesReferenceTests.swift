import Foundation
import HealthKitModel
import TestSupport
import Testing

/// Checks the type catalog against the research notes in `shared/reference/healthkit-api.md`
/// (§2.2 clinical, §2.3 quantity, §2.4 category), parsed here independently of the catalog's tables.
@Suite("Type catalog against the HealthKit reference notes")
struct TypesReferenceTests {
    /// The reference document, or `nil` (test skips) when the shared folder is absent.
    static let reference: String? = {
        guard let root = TestData.root else { return nil }
        let url = root.deletingLastPathComponent().appendingPathComponent("reference/healthkit-api.md")
        return try? String(contentsOf: url, encoding: .utf8)
    }()

    static let skipMessage = "skipped: ../shared/reference/healthkit-api.md not found (set OPENHEALTHKIT_TESTDATA)"

    /// The lines of the section whose heading starts with `### <number>`, up to the next heading.
    static func section(_ number: String, of text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("### \(number) ") }) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex(where: { $0.hasPrefix("#") }) ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// `name` with its first letter uppercased.
    static func capitalized(_ name: Substring) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// Removes every `open…close` span (not nested) from `text`.
    static func removing(_ open: Character, _ close: Character, from text: String) -> String {
        var out = "", depth = 0
        for char in text {
            if depth > 0, char == close { depth = 0; continue }
            if depth == 0, char == open { depth = 1; continue }
            if depth == 0 { out.append(char) }
        }
        return out
    }

    struct QuantityEntry { var name: String; var unit: String; var style: HKQuantityAggregationStyle }

    /// §2.3: `name unit STYLE (ios)` entries separated by ` · `; the Nutrition line is a comma list
    /// of names (without the `dietary` prefix), all cumulative, in `g` unless a unit follows the name.
    static func quantityEntries(_ text: String) -> [QuantityEntry] {
        let styles: [String: HKQuantityAggregationStyle] = [
            "Cum": .cumulative, "DA": .discreteArithmetic, "DTW": .discreteTemporallyWeighted,
            "DECL": .discreteEquivalentContinuousLevel,
        ]
        var groups: [String] = []  // one per `*Group*:` line, continuation lines joined
        for line in section("2.3", of: text) {
            if line.hasPrefix("(") { break }
            if line.hasPrefix("*"), !line.hasPrefix("**") { groups.append(line) } else if !groups.isEmpty {
                groups[groups.count - 1] += " " + line
            }
        }
        var entries: [QuantityEntry] = []
        for line in groups {
            guard let colon = line.range(of: "*: ") ?? line.range(of: "): ") else { continue }
            let body = line[colon.upperBound...].replacingOccurrences(of: "**", with: "")
            if line.hasPrefix("*Nutrition*") {
                for item in body.components(separatedBy: ",") {
                    let words = item.split(separator: " ")
                    guard let first = words.first else { continue }
                    let name = first.hasPrefix("dietary") ? String(first) : "dietary" + capitalized(first)
                    let unit = words.count > 1 && !words[1].hasPrefix("(") ? String(words[1]) : "g"
                    entries.append(QuantityEntry(name: name, unit: unit, style: .cumulative))
                }
                continue
            }
            for item in body.components(separatedBy: " · ") {
                let words = item.split(separator: " ").map(String.init)
                guard words.count >= 3, let style = words.lazy.compactMap({ styles[$0] }).first else { continue }
                let unit = words[1].hasPrefix("(blank") ? "count" : words[1]
                entries.append(QuantityEntry(name: words[0], unit: unit, style: style))
            }
        }
        return entries
    }

    /// §2.4: every lowerCamel name standing alone between separators, outside `{…}`, backticks and `(…)`.
    static func categoryNames(_ text: String) -> Set<String> {
        var bullets: [String] = []
        for line in section("2.4", of: text) {
            if line.hasPrefix("* Swift") { break }
            if line.hasPrefix("* ") { bullets.append(String(line.dropFirst(2))) } else if !bullets.isEmpty {
                bullets[bullets.count - 1] += " " + line
            }
        }
        var names: Set<String> = []
        for bullet in bullets {
            var plain = removing("{", "}", from: bullet)
            plain = removing("`", "`", from: plain)
            plain = removing("(", ")", from: plain).replacingOccurrences(of: "deprecated ", with: "")
            for chunk in plain.components(separatedBy: CharacterSet(charactersIn: ",;:/.→")) {
                let word = chunk.trimmingCharacters(in: .whitespaces)
                if let first = word.first, first.isLowercase, word.allSatisfy({ $0.isLetter }) { names.insert(word) }
            }
        }
        return names
    }

    @Test("every quantity identifier in §2.3 has the reference unit and aggregation style")
    func quantityTable() throws {
        guard let text = Self.reference else { print(Self.skipMessage); return }
        let entries = Self.quantityEntries(text)
        #expect(entries.count == 120)
        let rawExceptions = ["vo2Max": "VO2Max", "uvExposure": "UVExposure"]
        for entry in entries {
            let suffix = rawExceptions[entry.name] ?? Self.capitalized(Substring(entry.name))
            let identifier = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifier" + suffix)
            #expect(identifier.canonicalUnitString == entry.unit, "\(entry.name)")
            #expect(identifier.aggregationStyle == entry.style, "\(entry.name)")
            #expect(HKObjectType.quantityType(forIdentifier: identifier)?.canonicalUnitString == entry.unit)
        }
        let referenced = Set(entries.map(\.name))
        #expect(referenced.count == entries.count)
        #expect(HKQuantityTypeIdentifier.allKnown.count == referenced.count, "catalog has types the notes lack")
    }

    @Test("every category identifier in §2.4 is in the catalog")
    func categoryNames() throws {
        guard let text = Self.reference else { print(Self.skipMessage); return }
        let names = Self.categoryNames(text)
        #expect(names.count == 69, "68 identifiers plus the deprecated audioExposureEvent")
        var raws: Set<String> = []
        for name in names {
            let raw = name == "environmentalAudioExposureEvent" || name == "audioExposureEvent"
                ? "HKCategoryTypeIdentifierAudioExposureEvent"
                : "HKCategoryTypeIdentifier" + Self.capitalized(Substring(name))
            raws.insert(raw)
            #expect(HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier(rawValue: raw)) != nil, "\(name)")
        }
        #expect(Set(HKCategoryTypeIdentifier.allKnown.map(\.rawValue)) == raws)
    }

    @Test("every clinical identifier in §2.2 is in the catalog")
    func clinicalTable() throws {
        guard let text = Self.reference else { print(Self.skipMessage); return }
        var raws: [String] = []
        for line in Self.section("2.2", of: text) where line.hasPrefix("| ") && !line.hasPrefix("| Swift") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let first = cells[0].first, first.isLowercase else { continue }
            let raw = cells[1].replacingOccurrences(of: "…", with: "HKClinicalTypeIdentifier")
            raws.append(raw)
            #expect(raw == "HKClinicalTypeIdentifier" + Self.capitalized(Substring(cells[0])))
            #expect(HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier(rawValue: raw)) != nil, "\(raw)")
        }
        #expect(raws.count == 9)
        #expect(Set(HKObjectType.allClinicalTypes.map(\.identifier)) == Set(raws))
    }
}
