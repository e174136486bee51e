import Foundation
@testable import HealthExport

/// An Apple Health export's export.xml (tokenizer, element reader and converters, with nothing stored), its GPX routes
/// and its ECG CSV files.
enum ExportTargets {
    /// The input as export.xml, fed in two chunks split where its first byte says, so chunk boundaries are fuzzed too.
    static let exportXML = FuzzTarget(name: "export-xml") { data in
        let sink = DiscardingSink()
        var reader = ExportDocumentReader(sink: ExportConverter(output: sink, routeFiles: RouteLookahead(files: .none)))
        var tokenizer = XMLTokenizer()
        let split = data.isEmpty ? 0 : Int(data[data.startIndex]) % (data.count + 1)
        do {
            try data.prefix(split).withUnsafeBytes { try tokenizer.feed($0, into: &reader) }
            try data.dropFirst(split).withUnsafeBytes { try tokenizer.feed($0, into: &reader) }
            try tokenizer.finish(into: &reader)
        } catch {}
    }

    /// A workout-routes/*.gpx file.
    static let gpx = FuzzTarget(name: "gpx") { data in _ = GPXReader.locations(in: data) }

    /// An electrocardiograms/*.csv file; a file that reads must read back with the same header keys and values and the
    /// same voltages (as written: three decimals) after being written.
    static let ecg = FuzzTarget(name: "ecg-csv") { data in
        guard case .success(let file) = ECGFile.read(data) else { return }
        guard case .success(let again) = ECGFile.read(Data(file.text().utf8)) else { violated("a read ECG file does not read back", data) }
        let fields = { (file: ECGFile) in file.header.map { [$0.key, $0.value] } }
        if fields(again) != fields(file) || again.voltages.map(ECGFile.format) != file.voltages.map(ECGFile.format) {
            violated("an ECG file changes when written back", data)
        }
    }
}

/// Takes what the converter produces and keeps nothing.
private final class DiscardingSink: ImportUnitSink {
    func store(_ unit: ImportUnit) throws {}
    func report(_ problem: ImportProblem) {}
    func characteristics(_ attributes: [String: String], line: Int) {}
    func clinical(_ node: ExportNode) {}
}
