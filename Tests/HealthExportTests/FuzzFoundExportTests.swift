import Foundation
@testable import HealthExport
import Testing

/// Inputs the fuzz targets (Fuzz/, docs/Fuzzing.md) found, kept as tests.
@Suite("Export inputs found by fuzzing")
struct FuzzFoundExportTests {
    /// `ecg-csv`: a header line `5, 195` (key "5") was written back as `5,195`, which reads as the voltage 5.195, and
    /// the file no longer read.
    @Test func aNumericHeaderKeyIsWrittenSoItReadsBackAsAHeader() throws {
        let input = "Name,Jane Doe\n 5, 195\nRecorded Dan,1.51\nDevice,\"Watch4,2\"\n\n-48.673\n-59.681\n12\n156.9\n"
        guard case .success(let file) = ECGFile.read(Data(input.utf8)) else { Issue.record("the input does not read"); return }
        guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { Issue.record("written back, it does not read"); return }
        #expect(again.header.map { [$0.key, $0.value] } == file.header.map { [$0.key, $0.value] })
        #expect(again.voltages == file.voltages)
        #expect(file.header.map(\.key) == ["Name", "5", "Recorded Dan", "Device"])
    }

    /// `ecg-csv`: the voltage `15E62` was written as its 64 digits, which no longer read as a number.
    @Test func aHugeVoltageIsWrittenSoItReadsBack() throws {
        let input = "Name,Jane Doe\nUnit,µV\n\n-48.673\n15E62\n1e300\n"
        guard case .success(let file) = ECGFile.read(Data(input.utf8)) else { Issue.record("the input does not read"); return }
        guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { Issue.record("written back, it does not read"); return }
        #expect(again.voltages == file.voltages)
        #expect(ECGFile.format(1.5e63) == "1.5e+63" && ECGFile.format(-48.673) == "-48.673")
    }

    /// `ecg-csv`: `, \u{7EB}` wrote back as `,\u{7EB}`, where the combining mark makes the comma part of one Character,
    /// so the line no longer had a comma.
    @Test func aCombiningMarkAfterTheCommaKeepsTheLineAHeader() throws {
        guard case .success(let file) = ECGFile.read(Data(", \u{7EB}\n".utf8)) else { Issue.record("the input does not read"); return }
        guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { Issue.record("written back, it does not read"); return }
        #expect(again.header.map { [$0.key, $0.value] } == [["", "\u{7EB}"]])
    }

    /// `ecg-csv`: the value `\u{5BD}ir", Bi` was written as `"\u{5BD}ir"", Bi"`, whose opening quote and combining mark
    /// are one Character, so reading did not take the quotes off.
    @Test func aCombiningMarkAfterAQuoteKeepsTheValue() throws {
        for value in ["\u{5BD}ir\", Bi", "\"\u{5BD}\"", "a\"\u{301}b"] {
            let file = ECGFile(header: [ECGFile.Field(key: "Device", value: value, line: 1)], voltages: [1])
            guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { Issue.record("\(value) does not read back"); continue }
            #expect(again.header.map(\.value) == [value])
        }
    }

    /// `ecg-csv` (the input in Fuzz/regressions/ecg-csv/crash-2856b387…): a first header key that starts with a byte
    /// order mark was written as the file's first bytes, where reading takes U+FEFF for the file's own mark and skips
    /// it, so the key lost it (found once the target required the round trip of every file).
    @Test func aKeyStartingWithAByteOrderMarkKeepsIt() throws {
        let fuzzed = Data([0x0C, 0xEF, 0xBB, 0xBF, 0, 0, 0, 0, 0, 0, 0, 0x2C])
        let ownMarkThenKeyMark = Data("\u{FEFF}\u{FEFF}Name,Jane Doe\n\n1\n".utf8)
        for input in [fuzzed, ownMarkThenKeyMark] {
            guard case .success(let file) = ECGFile.read(input) else { Issue.record("the input does not read"); continue }
            #expect(file.header.first?.key.unicodeScalars.first == "\u{FEFF}")
            guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { Issue.record("written back, it does not read"); continue }
            #expect(again.header.map { [$0.key, $0.value] } == file.header.map { [$0.key, $0.value] })
        }
        guard case .success(let marked) = ECGFile.read(Data("\u{FEFF}Name,Jane Doe\n\n1\n".utf8)) else { Issue.record("a file with a mark does not read"); return }
        #expect(marked.header.map(\.key) == ["Name"])
    }
}
