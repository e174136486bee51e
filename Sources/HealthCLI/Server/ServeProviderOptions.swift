import ArgumentParser
import Foundation
import HealthServer

/// `health serve`'s provider options: how the server connects people to their healthcare providers (SMART on FHIR)
/// from the dashboard's Providers page; without `--provider-client-id` the page lists connections but cannot make one.
struct ServeProviderOptions: ParsableArguments {
    @Option(name: .customLong("provider-client-id"), help: "The client id this server is registered with at providers.")
    var clientID: String?

    @Option(name: .customLong("provider-client-secret"), help: "A confidential client's secret (client_secret_basic).")
    var clientSecret: String?

    @Flag(name: .customLong("provider-private-key-jwt"), help: "Authenticate at providers with the product's own key (private_key_jwt).")
    var privateKeyJWT = false

    @Option(name: .customLong("provider-directory"), help: ArgumentHelp("A directory bundle people choose institutions from (repeatable).", valueName: "file"))
    var directory: [String] = []

    @Option(name: .customLong("provider-overrides"), help: ArgumentHelp("An endpoint overrides file (JSON, docs/Providers.md).", valueName: "file"))
    var overrides: String?

    @Flag(name: .customLong("provider-allow-private-addresses"), help: ArgumentHelp("Let people connect to FHIR addresses typed by "
        + "hand that are on this server's own network (loopback, private, link-local); the directory's institutions always may be."))
    var allowPrivateAddresses = false

    @Option(name: .customLong("public-url"), help: ArgumentHelp("The server's address as browsers reach it; providers redirect to "
        + "URL/providers/callback (default: the address of the request).", valueName: "url"))
    var publicURL: String?

    /// The settings these options give; bad input names the option.
    func settings() throws -> ProviderSettings {
        guard clientSecret == nil || !privateKeyJWT else { throw badInput("--provider-client-secret and --provider-private-key-jwt exclude each other") }
        guard clientID != nil || (clientSecret == nil && !privateKeyJWT) else { throw badInput("--provider-client-secret and --provider-private-key-jwt need --provider-client-id") }
        var settings = ProviderSettings()
        settings.clientID = clientID
        settings.clientSecret = clientSecret
        settings.privateKeyJWT = privateKeyJWT
        settings.directoryFiles = directory
        settings.overridesFile = overrides
        settings.allowPrivateAddresses = allowPrivateAddresses
        if let publicURL {
            guard let url = URL(string: publicURL), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil,
                  url.query == nil else { throw badInput("--public-url \(publicURL) is not an http(s) address") }
            settings.publicURL = url
        }
        return settings
    }
}
