import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `health providers directory --url`: a bundle downloaded from the rig's test AS (which answers with an ETag) is kept,
/// and the next run asks with If-None-Match and uses the kept copy on 304.
extension ProvidersCommandTests {
    @Test func directoryDownloadsAreAskedAgainWithIfNoneMatch() async throws {
        let url = URL(string: "/directory.json", relativeTo: rig.admin)!.absoluteURL.absoluteString
        let cache = directory.appendingPathComponent("cache").path
        func hits() async throws -> [String: Int] {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "/directory-hits", relativeTo: rig.admin)!.absoluteURL)
            return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
        }
        let before = try await hits()
        let first = try await HealthProcess.run(["providers", "directory", "--url", url, "--cache", cache, "--format", "json"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(try HealthProcess.json(first).map { $0["institution"] as? String } == ["Rig General Hospital"])
        let second = try await HealthProcess.run(["providers", "directory", "--url", url, "--cache", cache, "--format", "json", "--search", "rig"])
        #expect(second.status == 0 && second.stderr.contains("not modified since the last download"), "\(second.stderr)")
        #expect(try HealthProcess.json(second).map { $0["institution"] as? String } == ["Rig General Hospital"])
        let after = try await hits()
        #expect(after["full"] == (before["full"] ?? 0) + 1 && after["notModified"] == (before["notModified"] ?? 0) + 1,
                "one whole download, then a 304: \(before) → \(after)")
    }
}
