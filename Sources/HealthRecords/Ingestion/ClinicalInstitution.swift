public import Foundation
public import HealthKitModel

/// A healthcare institution clinical records come from. In the store it is an HKSource: the records'
/// source, and part of every record's identity (institution, resource type, resource id).
public struct ClinicalInstitution: Sendable, Hashable {
    /// The institution's name, as the Health app lists it.
    public var name: String
    /// The institution's FHIR base URL, if known: resource URLs are `<baseURL>/<type>/<id>`.
    public var baseURL: URL?

    /// The source's bundle identifier when it is not the name's (``defaultBundleIdentifier(name:)``): one institution
    /// connected for several patients gives each patient's records their own source.
    public var sourceBundleIdentifier: String?

    /// An institution named `name`, with an optional FHIR base URL and source bundle identifier.
    public init(name: String, baseURL: URL? = nil, sourceBundleIdentifier: String? = nil) {
        self.name = name
        self.baseURL = baseURL
        self.sourceBundleIdentifier = sourceBundleIdentifier
    }

    /// The institution's source: named `name`, bundle identifier ``sourceBundleIdentifier``, else
    /// `org.openhealthkit.institution.<slug>`.
    public var source: HKSource {
        HKSource(name: name, bundleIdentifier: sourceBundleIdentifier ?? Self.defaultBundleIdentifier(name: name))
    }

    /// `org.openhealthkit.institution.<slug of name>`: the source of an institution's records unless told otherwise.
    public static func defaultBundleIdentifier(name: String) -> String {
        "org.openhealthkit.institution." + slug(name)
    }

    /// Where a resource lives: under the base URL when there is one, else the bundle entry's http(s) fullUrl.
    public func sourceURL(resourceType: String, identifier: String, fullUrl: String?) -> URL? {
        if let baseURL { return baseURL.appendingPathComponent(resourceType).appendingPathComponent(identifier) }
        guard let fullUrl, fullUrl.hasPrefix("http://") || fullUrl.hasPrefix("https://") else { return nil }
        return URL(string: fullUrl)
    }

    /// Lower-case letters and digits, runs of anything else as one `-`.
    static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar), scalar.isASCII {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "unnamed" : slug
    }
}
