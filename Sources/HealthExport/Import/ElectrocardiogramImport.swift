import Foundation
import HealthKitModel

/// The export's `electrocardiograms/*.csv` files, each stored as one `HKElectrocardiogram` through the same batches as
/// export.xml's objects (content-hash UUIDs, so a re-import or a re-run after a crash stores each ECG once).
/// A file that cannot be read, or is over ``ECGFile/maximumFileBytes``, is reported with its name (and line), and the
/// import goes on.
enum ElectrocardiogramImport {
    /// The folder beside export.xml (the Health app does not translate its name, as far as is known).
    static let folder = "electrocardiograms"
    /// Voltage measurements that weigh as much in a batch as one ordinary record (a 30 s ECG weighs about 960).
    static let measurementsPerRecordWeight = 16

    /// Reads every CSV file in the folder into `sink`; returns how many files were read.
    static func run(files: ExportFiles, into sink: any ImportUnitSink) throws -> Int {
        var sources = ExportSources()
        var read = 0
        for path in files.paths(in: folder) where path.lowercased().hasSuffix(".csv") {
            read += 1
            let data: Data
            switch files.data(at: path, limit: ECGFile.maximumFileBytes) {
            case .success(let bytes): data = bytes
            case .failure(let problem):
                sink.report(problem.importProblem(file: path, line: 0, what: "an ECG file"))
                continue
            }
            let converted = ECGFile.read(data).flatMap { ElectrocardiogramConverter.record($0, sources: &sources) }
            switch converted {
            case .failure(let problem):
                sink.report(ImportProblem(problem.kind, line: problem.line, problem.detail, file: path))
            case .success(let ecg):
                for problem in ecg.problems { sink.report(ImportProblem(problem.kind, line: problem.line, problem.detail, file: path)) }
                try sink.store(ImportUnit(records: [ecg.record], line: 0, extraWeight: ecg.measurements / measurementsPerRecordWeight))
            }
        }
        return read
    }
}
