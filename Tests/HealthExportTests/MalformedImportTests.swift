import Foundation
import HealthDatabase
@testable import HealthExport
import Testing

@Suite("Messy and malformed exports")
struct MalformedImportTests {
    static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST VisionPrescription
      type CDATA #REQUIRED
      dateIssued CDATA #REQUIRED
    <!ELEMENT RightEye EMPTY>
    ]>
    <HealthData locale="en_US">
    """
    static func record(_ type: String = "HKQuantityTypeIdentifierStepCount", unit: String = "count", value: String = "12",
                       start: String = "2019-03-02 10:51:22 -0800", end: String = "2019-03-02 10:52:22 -0800", extra: String = "") -> String {
        " <Record type=\"\(type)\" sourceName=\"Phone\" unit=\"\(unit)\" value=\"\(value)\" startDate=\"\(start)\" endDate=\"\(end)\"\(extra)/>\n"
    }

    @Test("iOS 16's unclosed ATTLIST, \\u{0b}, entities, exponents and changing offsets are read")
    func messyButValid() throws {
        let store = try TempStore()
        let text = Self.head + "\n"
            + Self.record(value: "1.2e2")
            + Self.record("HKQuantityTypeIdentifierBodyMass", unit: "lb", value: "150", start: "2019-07-02 10:51:22 -0700", end: "2019-07-02 10:51:22 -0700")
            + " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"A &amp; B\u{0b}\" unit=\"count/min\" value=\"60\" startDate=\"2019-03-02 10:51:22 +0100\" endDate=\"2019-03-02 10:51:22 +0100\">\n"
            + "  <MetadataEntry key=\"HKAverageMETs\" value=\"5.2 kcal/hr·kg\"/>\n  <MetadataEntry key=\"note\" value=\"&lt;ok&gt; &#x263A; &#65;\"/>\n </Record>\n"
            + "</HealthData>\n"
        let summary = try store.importExport(try store.write(text))
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        #expect(summary.stored == 3)
        let steps = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierStepCount"]), sort: [], limit: nil)
        #expect(steps.first?.quantity == 120)
        #expect(steps.first?.startDate == Date(timeIntervalSince1970: 1_551_552_682))
        let mass = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierBodyMass"]), sort: [], limit: nil)[0]
        #expect(abs((mass.quantity ?? 0) - 68.038_855_5) < 1e-3)
        #expect(mass.startDate == Date(timeIntervalSince1970: 1_562_089_882))
        let heart = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierHeartRate"]), sort: [], limit: nil)[0]
        #expect(heart.source.name == "A & B")
        #expect(heart.fields["note"] == .text("<ok> ☺ A"))
        guard case .quantity(let base, let text)? = heart.fields["HKAverageMETs"] else { Issue.record("HKAverageMETs is not a quantity"); return }
        #expect(text.hasPrefix("5.2 "))
        #expect(base > 0)
    }

    @Test("bad records are reported by kind with their lines; the good ones are stored")
    func problemsWithLines() throws {
        let store = try TempStore()
        var text = Self.head + "\n"                                               // lines 1-9
        text += Self.record()                                                     // 10 ok
        text += Self.record("HKQuantityTypeIdentifierFutureThing")                // 11 unknown type
        text += Self.record(unit: "parsec")                                       // 12 bad unit
        text += Self.record("HKQuantityTypeIdentifierHeartRate", unit: "kg")      // 13 incompatible unit
        text += Self.record(value: "lots")                                        // 14 bad value
        text += Self.record(start: "yesterday")                                   // 15 bad date
        text += Self.record(start: "2019-03-02 11:51:22 -0800")                   // 16 ends before start
        text += " <Record type=\"HKQuantityTypeIdentifierStepCount\" value=12 />\n" // 17 malformed
        text += Self.record(value: "13")                                          // 18 ok
        text += " <Workout workoutActivityType=\"HKWorkoutActivityTypeTimeTravel\" sourceName=\"W\" startDate=\"2019-03-02 10:51:22 -0800\" endDate=\"2019-03-02 11:51:22 -0800\"/>\n" // 19
        text += "</HealthData>\n"
        let summary = try store.importExport(try store.write(text))
        #expect(summary.stored == 2)
        let report = summary.problems
        func lines(_ kind: ImportProblem.Kind) -> [Int] { report.groups.first { $0.kind == kind.rawValue }?.lines ?? [] }
        #expect(lines(.unknownType) == [11, 19])
        #expect(lines(.badUnit) == [12, 13])
        #expect(lines(.badValue) == [14])
        #expect(lines(.badDate) == [15])
        #expect(lines(.endBeforeStart) == [16])
        #expect(lines(.malformedXML) == [17])
        #expect(report.groups.first { $0.kind == ImportProblem.Kind.unknownType.rawValue }?.details["HKQuantityTypeIdentifierFutureThing"] == 1)
    }

    @Test("a file that is not an export reads nothing usable, and a truncated file keeps what came before the cut")
    func notAnExport() throws {
        let store = try TempStore()
        let none = try store.importExport(try store.write("hello, this is not XML\n", name: "a/export.xml"))
        #expect(!none.readAnything)
        let cut = Self.head + Self.record() + Self.record(value: "5").prefix(40)
        let truncated = try store.importExport(try store.write(String(cut), name: "b/export.xml"))
        #expect(truncated.stored == 1)
        #expect(truncated.problems.count(.malformedXML) == 1)
    }

    @Test("a .zip that is neither a zip archive nor an export (a damaged download, another file renamed) is named as such")
    func zipThatIsNoArchive() throws {
        let store = try TempStore()
        let path = try store.write("PX\u{3}\u{4} half a download", name: "export.zip")
        #expect {
            try store.importExport(path)
        } throws: { error in
            "\(error)".contains("export.zip: not a zip archive")
        }
        // An export.xml renamed .zip is still an export.
        let renamed = try store.write(Self.head + Self.record() + "</HealthData>\n", name: "renamed/export.zip")
        #expect(try store.importExport(renamed).stored == 1)
    }

    @Test("a correlation's members that also appear at the top level are stored once, as members")
    func correlationMembersOnce() throws {
        let store = try TempStore()
        let attributes = "sourceName=\"Cuff\" startDate=\"2020-01-01 08:00:00 +0000\" endDate=\"2020-01-01 08:00:00 +0000\""
        let systolic = "<Record type=\"HKQuantityTypeIdentifierBloodPressureSystolic\" unit=\"mmHg\" value=\"120\" \(attributes)/>\n"
        let diastolic = "<Record type=\"HKQuantityTypeIdentifierBloodPressureDiastolic\" unit=\"mmHg\" value=\"80\" \(attributes)/>\n"
        let text = Self.head + systolic + diastolic
            + "<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" \(attributes)>\n" + systolic + diastolic + "</Correlation>\n"
            + systolic + "</HealthData>\n"
        let summary = try store.importExport(try store.write(text))
        #expect(try store.count("HKQuantityTypeIdentifierBloodPressureSystolic") == 1)
        #expect(try store.count("HKQuantityTypeIdentifierBloodPressureDiastolic") == 1)
        #expect(try store.count("HKCorrelationTypeIdentifierBloodPressure") == 1)
        let members = try store.storage.records(matching: .kinds([.quantity]), sort: [], limit: nil)
        #expect(members.allSatisfy { $0.parent != nil })
        #expect(summary.correlationMembersMerged + summary.duplicatesInExport == 3)
    }
}
