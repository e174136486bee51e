import Foundation
import HealthDatabase
import Testing

/// Filters on fields: existence, comparison of every FieldValue kind, membership.
enum FieldFilterChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("field filter", "existence", exists),
        ConformanceCheck("field filter", "numbers, booleans, dates and quantities compare by number", numeric),
        ConformanceCheck("field filter", "text compares by text; notEqual skips records without the field", text),
        ConformanceCheck("field filter", "fieldIn with mixed values", membership),
    ]

    static func exists(_ storage: any HealthStorage) throws {
        let with = F.quantity(1, 0, fields: ["HKWasUserEntered": .bool(false)])
        let without = F.quantity(2, 0, fields: ["other": .text("x")])
        _ = try storage.save([with, without, F.quantity(3, 0)])
        try F.expect(storage, .fieldExists("HKWasUserEntered"), [with])
        try F.expect(storage, .fieldExists("missing"), [])
    }

    static func numeric(_ storage: any HealthStorage) throws {
        let n1 = F.quantity(1, 0, fields: ["n": .number(1), "d": .date(F.date(-10)), "b": .bool(false), "q": .quantity(base: 0.5, text: "500 g")])
        let n2 = F.quantity(2, 0, fields: ["n": .number(2), "d": .date(F.date(0)), "b": .bool(true), "q": .quantity(base: 2, text: "2 kg")])
        let n3 = F.quantity(3, 0, fields: ["n": .number(3.5), "d": .date(F.date(10))])
        let none = F.quantity(4, 0)
        _ = try storage.save([n1, n2, n3, none])
        try F.expect(storage, .field("n", .lessThan, .number(2)), [n1])
        try F.expect(storage, .field("n", .lessThanOrEqual, .number(2)), [n1, n2])
        try F.expect(storage, .field("n", .equal, .number(3.5)), [n3])
        try F.expect(storage, .field("n", .notEqual, .number(2)), [n1, n3])
        try F.expect(storage, .field("n", .greaterThan, .number(2)), [n3])
        try F.expect(storage, .field("n", .greaterThanOrEqual, .number(1)), [n1, n2, n3])
        try F.expect(storage, .field("d", .greaterThanOrEqual, .date(F.date(0))), [n2, n3])
        try F.expect(storage, .field("d", .lessThan, .date(F.date(0))), [n1])
        try F.expect(storage, .field("b", .equal, .bool(true)), [n2])
        try F.expect(storage, .field("b", .equal, .number(0)), [n1])
        try F.expect(storage, .field("q", .greaterThan, .quantity(base: 1, text: "1 kg")), [n2])
        try F.expect(storage, .field("q", .lessThan, .number(1)), [n1])
        try F.expect(storage, .field("n", .equal, .text("2")), [])
    }

    static func text(_ storage: any HealthStorage) throws {
        let apple = F.quantity(1, 0, fields: ["name": .text("apple")])
        let banana = F.quantity(2, 0, fields: ["name": .text("banana")])
        let empty = F.quantity(3, 0, fields: ["name": .text("")])
        let number = F.quantity(4, 0, fields: ["name": .number(1)])
        let none = F.quantity(5, 0)
        _ = try storage.save([apple, banana, empty, number, none])
        try F.expect(storage, .field("name", .equal, .text("apple")), [apple])
        try F.expect(storage, .field("name", .equal, .text("")), [empty])
        try F.expect(storage, .field("name", .notEqual, .text("apple")), [banana, empty])
        try F.expect(storage, .field("name", .greaterThan, .text("apple")), [banana])
        try F.expect(storage, .field("name", .lessThanOrEqual, .text("apple")), [apple, empty])
        try F.expect(storage, .field("name", .lessThan, .text("b")), [apple, empty])
        try F.expect(storage, .field("name", .greaterThanOrEqual, .text("b")), [banana])
        try F.expect(storage, .not(.field("name", .equal, .text("apple"))), [banana, empty, number, none])
    }

    static func membership(_ storage: any HealthStorage) throws {
        let a = F.quantity(1, 0, fields: ["k": .text("a")])
        let b = F.quantity(2, 0, fields: ["k": .number(7)])
        let c = F.quantity(3, 0, fields: ["k": .bool(true)])
        let d = F.quantity(4, 0, fields: ["other": .text("a")])
        _ = try storage.save([a, b, c, d])
        try F.expect(storage, .fieldIn("k", [.text("a"), .number(7)]), [a, b])
        try F.expect(storage, .fieldIn("k", [.bool(true)]), [c])
        try F.expect(storage, .fieldIn("k", [.number(1)]), [c])
        try F.expect(storage, .fieldIn("k", []), [])
    }
}
