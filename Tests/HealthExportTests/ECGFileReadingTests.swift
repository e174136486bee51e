import Foundation
@testable import HealthExport
import Testing
import TestSupport

/// ECG files are read from the bytes (issue 15: a recording is about 15,000 voltage lines): whatever the file holds,
/// the result — voltages, header lines and their line numbers, or the first problem and its line — must be what reading
/// every line through a `String` gives.
@Suite("ECG files read from the bytes as through strings")
struct ECGFileReadingTests {
    static func same(_ data: Data, _ comment: Comment? = nil) {
        #expect(ECGFile.read(data) == ECGFile.readThroughText(data), comment)
    }

    @Test("Apple's layout, CRLF, a byte order mark, decimal commas, quotes, bad lines and empty files")
    func knownShapes() {
        let apple = ElectrocardiogramImportTests.csv()
        for text in [apple, apple.replacingOccurrences(of: "\n", with: "\r\n"), "\u{FEFF}" + apple, "",
                     "\n\n", "\u{FEFF}", "Unit,µV\n\n-265,868\n12,5\n", "Lead,Lead I\n\"12.5\"\n +3 \n.5\n-\n",
                     apple + "Sample Rate,512\n", apple + "1e400\n", apple + "12.5.5\n", apple + "\u{00A0}12.5\u{00A0}\n",
                     apple + "12\r", apple + "12\u{0B}13\n", apple + "12\u{0C}13\n", apple + "12\u{85}13\n", apple + "12\u{2028}13\n",
                     apple + "12\u{2029}13\n", "Recorded Date\n", "Name,\u{301}x\n1\n", apple + "١٢\n", apple + "+\n", apple + "1e5\n"] {
            Self.same(Data(text.utf8), "\(text.suffix(30).debugDescription)")
        }
        // Invalid UTF-8 around newlines and in values.
        for bytes: [UInt8] in [[0x31, 0x0A, 0xE2, 0x80, 0x0A, 0x32, 0x0A], [0xC2, 0x0A, 0x31], [0xFF, 0x2C, 0x31, 0x0A, 0x32],
                               [0xEF, 0xBB, 0xBF, 0xCC, 0x81, 0x0A, 0x31], [0xE2, 0x80, 0xA8], [0x31, 0xC2, 0x85, 0x32]] {
            Self.same(Data(bytes), "\(bytes)")
        }
    }

    @Test("random files from the characters that matter read alike")
    func randomFiles() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["0", "1", "7", ".", "-", "+", "e", ",", "\"", " ", "\t", "\n", "\n", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}",
                      "\u{2028}", "µ", "\u{301}", "\u{FEFF}", "\u{00A0}", "Unit", "Recorded Date", "Sample Rate", "12.5", "-48.673"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            Self.same(Data(text.utf8), "\(text.debugDescription)")
            // The same with a valid header in front, so the voltage lines are read as voltages.
            let file = ElectrocardiogramImportTests.csv(values: []) + text
            Self.same(Data(file.utf8), "\(text.debugDescription)")
        }
    }

    @Test("the demo export's ECG files read alike")
    func demoFiles() throws {
        let folder = TemporaryFiles.folder.appendingPathComponent("ecg-reading-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try DemoExport(records: 2_000).write(to: folder)
        let ecgs = folder.appendingPathComponent("apple_health_export/electrocardiograms")
        let names = try FileManager.default.contentsOfDirectory(atPath: ecgs.path)
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: ecgs.appendingPathComponent(name))
            guard case .success(let file) = ECGFile.read(data) else { Issue.record("\(name) unreadable"); continue }
            #expect(file.voltages.count > 1_000)
            Self.same(data, "\(name)")
        }
    }
}
