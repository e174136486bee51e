public import Foundation

/// Where tests put the files and folders they make: one folder per test process,
/// `$TMPDIR/openhealthkit-tests/<pid>`, removed when the process exits.
///
/// Suites make stores, exports and server data folders by the thousand; left in the system's temporary folder they
/// filled it (13 GB after a day of runs). A test that crashes the process cannot remove its folder, so the first use in
/// every process also removes the folders of test processes that are gone.
public enum TemporaryFiles {
    /// This process's folder, created on first use.
    public static var folder: URL { processFolder }

    /// A fresh path in ``folder`` named `prefix-UUID` (plus `.extension` when given); nothing is created there.
    public static func url(_ prefix: String, extension: String? = nil) -> URL {
        let name = "\(prefix)-\(UUID().uuidString)" + (`extension`.map { ".\($0)" } ?? "")
        return folder.appendingPathComponent(name)
    }

    private static let processFolder: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("openhealthkit-tests", isDirectory: true)
        removeFoldersOfEndedProcesses(in: parent)
        let folder = parent.appendingPathComponent("\(getpid())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot create the tests' temporary folder \(folder.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: TemporaryFiles.processFolder) }
        return folder
    }()

    /// Removes the folders whose process id names no running process.
    private static func removeFoldersOfEndedProcesses(in parent: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let id = pid_t(name), id != getpid(), kill(id, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
