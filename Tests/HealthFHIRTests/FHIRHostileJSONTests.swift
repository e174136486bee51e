import Foundation
@testable import HealthFHIR
import Testing
import TestSupport

/// Malformed and hostile JSON inside one resource costs that resource only, with an error naming where and what.
@Suite struct FHIRHostileJSONTests {
    static let good = #"{"resourceType":"Condition","id":"ok","code":{"text":"Asthma"}}"#

    /// The failures of reading `resource` as the second entry of a bundle, after a good resource that must survive
    /// (and `resource` too, when `readable`).
    static func failures(_ resource: String, readable: Bool = false) -> [String] {
        let read = FHIRReader().read(FHIRFixtures.bundle([good, resource]))
        #expect(read.resources.map(\.identifier).first == "ok")
        #expect(read.resources.count == (readable ? 2 : 1))
        return read.failures.map(\.description)
    }

    /// Where `marker` (plus `after` bytes) stands in the bundle ``failures(_:readable:)`` reads.
    static func offset(_ marker: String, plus after: Int = 0, in resource: String) -> Int {
        let bundle = FHIRFixtures.bundle([good, resource])
        let start = bundle.range(of: Data(resource.utf8))!.lowerBound
        return start + Data(resource.utf8).range(of: Data(marker.utf8))!.lowerBound + after
    }

    /// `entry[1].resource: not valid JSON (problem at byte N)`, N where `marker` (plus `after`) is in `resource`.
    static func syntax(_ problem: String, _ marker: String, plus after: Int = 0, in resource: String) -> [String] {
        ["entry[1].resource: not valid JSON (\(problem) at byte \(offset(marker, plus: after, in: resource)))"]
    }

    @Test func jsonThatRFC8259RefusesIsRefusedAnywhereInTheResource() {
        // JSONDecoder let these through when they sat in members no model reads, and the bytes were stored as they were.
        let trailingComma = #"{"resourceType":"Condition","id":"c","code":{"text":"x",}}"#
        #expect(Self.failures(trailingComma) == Self.syntax("expected a member name", ",}", plus: 1, in: trailingComma))
        let trailingElement = #"{"resourceType":"Condition","id":"c","note":[{"text":"x"},]}"#
        #expect(Self.failures(trailingElement) == Self.syntax("expected a value", ",]", plus: 1, in: trailingElement))
        let leadingZero = #"{"resourceType":"Condition","id":"c","extension":[{"valueInteger":01}]}"#
        #expect(Self.failures(leadingZero) == Self.syntax("expected ',' or '}'", "01", plus: 1, in: leadingZero))
        let badEscape = #"{"resourceType":"Condition","id":"c","note":[{"text":"\q"}]}"#
        #expect(Self.failures(badEscape) == Self.syntax("invalid escape", "\\q", in: badEscape))
        let tab = "{\"resourceType\":\"Condition\",\"id\":\"c\",\"note\":[{\"text\":\"a\tb\"}]}"
        #expect(Self.failures(tab) == Self.syntax("control character in a string", "\t", in: tab))
    }

    @Test func numbersAndStringsThatCannotBeHeldNameTheirMember() {
        #expect(Self.failures(#"{"resourceType":"Observation","id":"o","code":{"text":"x"},"valueQuantity":{"value":1e400}}"#)
            == ["entry[1].resource.valueQuantity.value: Parsed JSON number <1e400> does not fit in Double."])
        #expect(Self.failures(#"{"resourceType":"Observation","id":"o","code":{"text":"x"},"valueQuantity":{"value":-1e-400}}"#)
            == ["entry[1].resource.valueQuantity.value: Parsed JSON number <-1e-400> does not fit in Double."])
        let surrogate = #"{"resourceType":"Condition","id":"c","code":{"coding":[{"code":"\ud800"}]}}"#
        #expect(Self.failures(surrogate)
            == [#"entry[1].resource.code.coding[0].code: not valid JSON (unpaired UTF-16 surrogate \ud800 in a string at byte "# + "\(Self.offset("\\ud800", in: surrogate)))"])
        // A number too large for any model member is no concern where no model reads it.
        #expect(Self.failures(#"{"resourceType":"Condition","id":"c","extension":[{"valueDecimal":1e400}]}"#, readable: true).isEmpty)
    }

    @Test func wrongKindsOfValueAreNamed() {
        #expect(Self.failures(#"{"resourceType":"Condition","id":"c","code":5}"#) == ["entry[1].resource.code: expected an object, found a number"])
        #expect(Self.failures(#"{"resourceType":"Condition","id":"c","code":{"coding":{}}}"#)
            == ["entry[1].resource.code.coding: expected an array, found an object"])
        #expect(Self.failures(#"{"resourceType":"Immunization","id":"i","vaccineCode":null}"#)
            == ["entry[1].resource.vaccineCode: expected an object, found null"])
        #expect(Self.failures(#"{"resourceType":"Immunization","id":"i","vaccineCode":{},"wasNotGiven":"no"}"#)
            == ["entry[1].resource.wasNotGiven: expected true or false, found a string"])
        #expect(Self.failures(#"{"resourceType":"Condition","id":"c","code":{"coding":[{"code":"a"},[]]}}"#)
            == ["entry[1].resource.code.coding[1]: expected an object, found an array"])
    }

    @Test func repeatedMembersTakeTheFirstAndEscapedNamesMatch() throws {
        let resource = #"{"resourceType":"Condition","\u0069d":"c","code":{"text":"caf\u00e9 \ud83d\ude00"},"code":{"text":"second"}}"#
        let read = FHIRReader().read(FHIRFixtures.bundle([resource]))
        let condition = try #require(read.resources.first?.resource.model as? FHIRCondition)
        #expect(condition.id == "c")
        #expect(condition.code?.text == "café 😀")
        #expect(JSONSliceDecoderTests.slice(Data(resource.utf8)) == JSONSliceDecoderTests.foundation(Data(resource.utf8)))
    }

    @Test func brokenBytesAreRefusedWithTheirOffset() {
        func refusal(_ bytes: [UInt8]) -> String? {
            if case .failure(let error) = JSONSliceDecoderTests.slice(Data(bytes)) { return error.description }
            return nil
        }
        let resource = Array(Self.good.utf8)
        #expect(refusal(Array(resource.dropLast(1))) == "not valid JSON (unterminated object at byte \(resource.count - 1))")
        #expect(refusal(Array(resource.dropLast(3))) == "not valid JSON (unterminated string at byte \(resource.count - 10))")
        #expect(refusal(Array(resource[..<50]) + [0xFF] + resource[51...]) == "not valid JSON (invalid UTF-8 at byte 50)")
        let deep = Array(#"{"resourceType":"Condition","id":"c","extension":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 150)
            + Array(repeating: UInt8(ascii: "]"), count: 150) + [UInt8(ascii: "}")]
        #expect(refusal(deep) == "not valid JSON (arrays and objects nested deeper than 100 levels at byte 148)")
        #expect(refusal(Array(#"{"resourceType":"Condition"} {}"#.utf8)) == "not valid JSON (unexpected text after the JSON value at byte 29)")
        #expect(refusal([]) == "not valid JSON (unexpected end of data at byte 0)")
    }
}

/// A break in the bundle's own structure (not inside a member the reader skips) ends the reading: the reader says so,
/// in the failure and in ``FHIRReadResult/stopped``, so nobody takes the entries before it for the whole input.
@Suite struct FHIRBrokenBundleTests {
    static let after = #"{"resourceType":"Condition","id":"after","code":{"text":"Flu"}}"#

    @Test func aBreakInTheBundlesStructureSaysTheEntriesAfterItWereNotRead() throws {
        // The trailing comma is among the resource's own members, which the reader walks to find its type and id.
        let broken = #"{"resourceType":"Condition","id":"c","code":{"text":"x"},}"#
        let read = FHIRReader().read(FHIRFixtures.bundle([FHIRHostileJSONTests.good, broken, Self.after]))
        #expect(read.resources.map(\.identifier) == ["ok"])
        let stopped = try #require(read.stopped)
        #expect(read.failures == [stopped])
        #expect(stopped.path == "entry[1].resource")
        #expect(stopped.reason.hasPrefix("not valid JSON (expected a member name at byte "), "\(stopped)")
        #expect(stopped.reason.hasSuffix("; reading stopped there, so the entries after it were not read"), "\(stopped)")
    }

    @Test func aResourceThatIsWellFormedButDoesNotDecodeCostsOnlyItself() {
        let wrongKind = #"{"resourceType":"Condition","id":"c","onsetDateTime":5}"#
        let read = FHIRReader().read(FHIRFixtures.bundle([FHIRHostileJSONTests.good, wrongKind, Self.after]))
        #expect(read.stopped == nil)
        #expect(read.resources.map(\.identifier) == ["ok", "after"])
        #expect(read.failures.map(\.path) == ["entry[1].resource.onsetDateTime"])
    }

    @Test func aWholeInputThatIsNotJSONStopsAtOnce() {
        let read = FHIRReader().read(Data(#"{"resourceType":"Bundle","entry":[{"resource":"#.utf8))
        #expect(read.resources.isEmpty)
        #expect(read.stopped != nil && read.failures.count == 1)
    }
}
