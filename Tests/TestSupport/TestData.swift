public import Foundation

/// Locates the public test corpora in `../shared/testdata` (or `$OPENHEALTHKIT_TESTDATA`).
///
/// Tests that read the corpora call ``TestData/directory(_:)`` and skip with a clear message
/// when it returns `nil`, so the suite still runs on a machine without `shared/` beside the repository.
public enum TestData {
    /// The root of the corpora, or `nil` when neither the environment variable nor `../shared/testdata` exists.
    public static let root: URL? = {
        if let path = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TESTDATA"], !path.isEmpty {
            let url = URL(fileURLWithPath: path, isDirectory: true)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        // This file is Tests/TestSupport/TestData.swift; the package root is three levels up.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata", isDirectory: true)
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }()

    /// The corpus folder `name` (e.g. `"hkunit"`), or `nil` when the corpora are absent.
    public static func directory(_ name: String) -> URL? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(name, isDirectory: true)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The non-empty lines of a text file in a corpus folder, or `nil` when the corpora are absent.
    public static func lines(_ folder: String, _ file: String) throws -> [String]? {
        guard let dir = directory(folder) else { return nil }
        let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }

    /// The message a test prints when it skips because the corpora are missing.
    public static let missingMessage =
        "skipped: ../shared/testdata not found (set OPENHEALTHKIT_TESTDATA to the corpora to run this test)"
}
