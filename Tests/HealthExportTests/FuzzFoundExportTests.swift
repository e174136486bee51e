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
}
