import Foundation
import Testing
@testable import HealthExport

/// The importer's memo of attribute bytes: one value per distinct byte string, made once while it fits.
@Suite struct ByteMemoTests {
    /// Looks `text` up, counting the calls to `make`.
    private func value(_ memo: inout ByteMemo<String>, _ text: String, _ made: inout Int) -> String {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            memo.value(for: bytes) { made += 1; return "v:" + String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func eachDistinctKeyIsMadeOnceAndAnswersItsOwnValue() {
        var memo = ByteMemo<String>()
        var made = 0
        let keys = ["Apple Watch", "iPhone", "", "iPhone ", "Apple Watch"] + (0..<200).map { "source \($0)" }
        for round in 0..<3 {
            for key in keys { #expect(value(&memo, key, &made) == "v:" + key, "round \(round): \(key)") }
        }
        #expect(made == Set(keys).count)
    }

    @Test func startsOverWhenFullAndStaysCorrect() {
        var memo = ByteMemo<String>(capacity: 8)
        var made = 0
        for round in 0..<2 {
            for index in 0..<20 { #expect(value(&memo, "k\(index)", &made) == "v:k\(index)", "round \(round)") }
        }
        #expect(made > 20 && made <= 40)
    }
}
