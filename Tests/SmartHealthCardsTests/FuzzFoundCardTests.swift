import Foundation
import SmartHealthCards
import Testing

/// Inputs the long fuzz runs found (docs/Fuzzing.md), kept in Fuzz/regressions/card/.
@Suite struct FuzzFoundCardTests {
    @Test("a chunk header claiming quadrillions of chunks is refused at once, naming the bound, instead of counting to it")
    func aHugeChunkTotalIsRefused() throws {
        // Without the bound this call does not return (the reader counts to the total): the test hangs rather than fails.
        #expect {
            try NumericQR.jws(fromChunks: ["shc:/3/3000000000000005336/48"])
        } throws: { error in
            let card = error as? SmartHealthCardError
            return card?.check == .qrNumeric && "\(card!)".contains("at most \(NumericQR.maximumChunks)")
        }
        #expect(throws: SmartHealthCardError.self) { try NumericQR.jws(fromChunks: ["shc:/1/100/5656", "shc:/2/100/5656"]) }
        // Ninety-nine chunks are still read.
        let chunks = (1...99).map { "shc:/\($0)/99/56" }
        #expect(try NumericQR.jws(fromChunks: chunks).count == 99)
    }
}
