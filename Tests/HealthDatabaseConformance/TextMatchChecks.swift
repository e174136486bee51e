import Foundation
import HealthDatabase
import Testing

/// Text matching on fields: contains, begins with, ends with; case-sensitive or not; values taken literally.
enum TextMatchChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("text match", "contains, beginsWith and endsWith, case-sensitive", caseSensitive),
        ConformanceCheck("text match", "case-insensitive matching folds ASCII case", caseInsensitive),
        ConformanceCheck("text match", "%, _ and \\ in the value stand for themselves", literal),
        ConformanceCheck("text match", "records without the text field never match; not() matches them", missing),
    ]

    /// Expects each kind of match on `"name"` to select `expected`.
    private static func expect(_ storage: any HealthStorage, _ kind: TextMatch.Kind, _ value: String, ignoringCase: Bool = false,
                               _ expected: [SampleRecord], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try F.expect(storage, .text("name", TextMatch(kind, value, caseInsensitive: ignoringCase)), expected, sourceLocation: sourceLocation)
    }

    private static func named(_ names: String...) -> [SampleRecord] {
        names.enumerated().map { F.quantity(Double($0.offset), 0, fields: ["name": .text($0.element)]) }
    }

    static func caseSensitive(_ storage: any HealthStorage) throws {
        let records = named("Dr. John Smith", "smithson", "Anna SMITH", "Émile Smith")
        let (john, smithson, anna, emile) = (records[0], records[1], records[2], records[3])
        _ = try storage.save(records)
        try expect(storage, .contains, "Smith", [john, emile])
        try expect(storage, .contains, "smith", [smithson])
        try expect(storage, .beginsWith, "Dr.", [john])
        try expect(storage, .beginsWith, "dr.", [])
        try expect(storage, .endsWith, "Smith", [john, emile])
        try expect(storage, .endsWith, "SMITH", [anna])
        try expect(storage, .beginsWith, "Émile", [emile])
        try expect(storage, .endsWith, "a much longer value than any name", [])
        try expect(storage, .contains, "", [john, smithson, anna, emile])
    }

    static func caseInsensitive(_ storage: any HealthStorage) throws {
        let records = named("Dr. John Smith", "smithson", "Anna SMITH", "Carter")
        let (john, smithson, anna) = (records[0], records[1], records[2])
        _ = try storage.save(records)
        try expect(storage, .contains, "smith", ignoringCase: true, [john, smithson, anna])
        try expect(storage, .beginsWith, "SMITH", ignoringCase: true, [smithson])
        try expect(storage, .endsWith, "Smith", ignoringCase: true, [john, anna])
        try expect(storage, .beginsWith, "dr. j", ignoringCase: true, [john])
    }

    static func literal(_ storage: any HealthStorage) throws {
        let records = named("100% juice", "100 juice", "a_b", "axb", #"back\slash"#, "backslash")
        let (percent, plain, underscore, _, backslash, _) = (records[0], records[1], records[2], records[3], records[4], records[5])
        _ = try storage.save(records)
        for ignoringCase in [false, true] {
            try expect(storage, .contains, "%", ignoringCase: ignoringCase, [percent])
            try expect(storage, .contains, "0% j", ignoringCase: ignoringCase, [percent])
            try expect(storage, .beginsWith, "100%", ignoringCase: ignoringCase, [percent])
            try expect(storage, .contains, "_", ignoringCase: ignoringCase, [underscore])
            try expect(storage, .endsWith, "_b", ignoringCase: ignoringCase, [underscore])
            try expect(storage, .beginsWith, "a_", ignoringCase: ignoringCase, [underscore])
            try expect(storage, .contains, #"\"#, ignoringCase: ignoringCase, [backslash])
            try expect(storage, .contains, #"k\s"#, ignoringCase: ignoringCase, [backslash])
            try expect(storage, .endsWith, "juice", ignoringCase: ignoringCase, [percent, plain])
        }
    }

    static func missing(_ storage: any HealthStorage) throws {
        let text = F.quantity(1, 0, fields: ["name": .text("Smith")])
        let number = F.quantity(2, 0, fields: ["name": .number(1)])
        let other = F.quantity(3, 0, fields: ["other": .text("Smith")])
        let none = F.quantity(4, 0)
        _ = try storage.save([text, number, other, none])
        try expect(storage, .contains, "", [text])
        try expect(storage, .contains, "1", [])
        try F.expect(storage, .not(.text("name", TextMatch(.contains, "mit"))), [number, other, none])
        try F.expect(storage, .hasChild(.text("name", TextMatch(.contains, "mit"))), [])
    }
}
