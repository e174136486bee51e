public import Foundation
import HealthKitModel

/// Each connection's Practitioners and Organizations (``ReferencedParties``), kept beside it in
/// `<connection id>.parties` (JSON, mode 0600, written atomically) and deleted with it.
extension ConnectionStore {
    /// The parties connection `id`'s records refer to (none yet: an empty set for its FHIR base).
    public func parties(of id: String) throws -> ReferencedParties {
        let file = Self.partiesFile(in: folder, id: id)
        guard FileManager.default.fileExists(atPath: file.path) else { return ReferencedParties(fhirBase: try connection(id).fhirBase) }
        return try Self.readParties(file)
    }

    /// Keeps `parties` for connection `id`.
    func saveParties(_ parties: ReferencedParties, of id: String) throws {
        let file = Self.partiesFile(in: folder, id: id)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try atomicWrite(encoder.encode(parties), to: file)
    }

    /// Forgets connection `id`'s parties.
    func deleteParties(of id: String) {
        try? FileManager.default.removeItem(at: Self.partiesFile(in: folder, id: id))
    }

    /// For displays: the parties kept for the connection whose records have the source `bundleIdentifier`, beside
    /// the SQLite database at `database`; nil when there is none. Reads only: nothing is created (no folder, no key).
    public static func parties(database: String, sourceBundleIdentifier bundleIdentifier: String) -> ReferencedParties? {
        let folder = URL(fileURLWithPath: database + ".providers", isDirectory: true)
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return nil }
        for file in files where file.pathExtension == "json" {
            guard let connection = try? read(file), connection.source.bundleIdentifier == bundleIdentifier else { continue }
            return try? readParties(partiesFile(in: folder, id: connection.id))
        }
        return nil
    }

    private static func partiesFile(in folder: URL, id: String) -> URL {
        folder.appendingPathComponent(id + ".parties")
    }

    private static func readParties(_ file: URL) throws -> ReferencedParties {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(ReferencedParties.self, from: Data(contentsOf: file)) } catch {
            throw ProviderError(.storage, "\(file.lastPathComponent): not readable parties (\(error.localizedDescription))")
        }
    }
}
