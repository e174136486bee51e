import Foundation
import TestSupport
import Testing

/// `health serve`'s provider and job options, through the real binary: contradictory options and job lifetimes or counts
/// that keep nothing exit 2 naming them; a directory bundle that cannot be used stops the server at start (exit 1)
/// naming the file and what is wrong.
@Suite struct ServeProviderOptionsTests {
    @Test("bad provider options exit 2; an unusable directory or overrides file exits 1 naming it")
    func providerOptions() async throws {
        let (folder, _) = try HealthProcess.newStore("serve-providers")
        let data = folder.appendingPathComponent("server").path
        let both = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--provider-client-id", "app",
                                          "--provider-client-secret", "s", "--provider-private-key-jwt"])
        #expect(both.status == 2 && both.stderr.contains("exclude each other"), "\(both.stderr)")
        let orphan = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--provider-client-secret", "s"])
        #expect(orphan.status == 2 && orphan.stderr.contains("need --provider-client-id"), "\(orphan.stderr)")
        let url = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--public-url", "ftp://example.org"])
        #expect(url.status == 2 && url.stderr.contains("--public-url"), "\(url.stderr)")

        for (option, value) in [("--job-hours", "0"), ("--job-hours", "-1"), ("--jobs-kept", "0")] {
            let refused = try await HealthProcess.run(["serve", "--data", data, "--port", "0", option + "=" + value])
            #expect(refused.status == 2 && refused.stderr.contains(option) && refused.stderr.contains("must be"), "\(option) \(value): \(refused.stderr)")
        }
        // Numbers too large for a Double read as infinity: the message must not call infinity too small.
        for option in ["--job-hours", "--rate-limit"] {
            let refused = try await HealthProcess.run(["serve", "--data", data, "--port", "0", option + "=1e400"])
            #expect(refused.status == 2 && refused.stderr.contains(option) && refused.stderr.contains("finite"), "\(option) 1e400: \(refused.stderr)")
        }

        let bundle = folder.appendingPathComponent("not-a-bundle.json")
        try Data(#"{"resourceType": "Patient"}"#.utf8).write(to: bundle)
        let bad = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--provider-directory", bundle.path])
        #expect(bad.status == 1 && bad.stderr.contains("not-a-bundle.json"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("data folder"), "a bad directory file is not a data-folder problem: \(bad.stderr)")
        let overrides = folder.appendingPathComponent("overrides.json")
        try Data(#"{"endpoints": [{"address": "https://fhir.example.org", "aud": "sideways"}]}"#.utf8).write(to: overrides)
        let badOverrides = try await HealthProcess.run(["serve", "--data", data, "--port", "0", "--provider-overrides", overrides.path])
        #expect(badOverrides.status == 1 && badOverrides.stderr.contains("endpoints[0].aud"), "\(badOverrides.stderr)")
    }
}
