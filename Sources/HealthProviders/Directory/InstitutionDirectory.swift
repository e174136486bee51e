public import Foundation

/// The institutions a person can connect to, read from any number of directory bundles, searchable by name and
/// location.
public struct InstitutionDirectory: Sendable {
    /// Every institution read, in input order.
    public private(set) var institutions: [DirectoryInstitution] = []
    /// Entries of the inputs that could not be used.
    public private(set) var problems: [DirectoryError] = []

    /// An empty directory.
    public init() {}

    /// Adds the institutions of one bundle (`input` names it in problems). A facility without endpoints of its own
    /// (`partOf` a brand, as in Epic's Brands bundle) takes its brand's endpoints.
    public mutating func add(bundle data: Data, input: String) throws {
        var read = try DirectoryBundleReader.read(data, input: input)
        let byName = Dictionary(read.institutions.map { ($0.name, $0.endpoints) }, uniquingKeysWith: { first, _ in first })
        for index in read.institutions.indices where read.institutions[index].endpoints.isEmpty {
            if let parent = read.institutions[index].parentName, let endpoints = byName[parent] {
                read.institutions[index].endpoints = endpoints
            }
        }
        institutions += read.institutions
        problems += read.problems
    }

    /// Adds a bundle file.
    public mutating func add(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DirectoryError(url.path, "cannot read (\(error.localizedDescription))")
        }
        try add(bundle: data, input: url.lastPathComponent)
    }

    /// Institutions with at least one endpoint whose names or places contain every word of `text`
    /// (case- and accent-insensitive); those whose name starts with the text first, then by name. Empty text lists all.
    public func search(_ text: String) -> [DirectoryInstitution] {
        let words = Self.fold(text).split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        let matches = institutions.filter { institution in
            guard !institution.endpoints.isEmpty else { return false }
            let haystack = Self.fold(([institution.name, institution.parentName ?? ""] + institution.aliases
                + institution.locations.flatMap(\.searchText)).joined(separator: " "))
            return words.allSatisfy { haystack.contains($0) }
        }
        let folded = Self.fold(text)
        return matches.sorted { left, right in
            let leftFirst = Self.fold(left.name).hasPrefix(folded), rightFirst = Self.fold(right.name).hasPrefix(folded)
            if leftFirst != rightFirst { return leftFirst }
            return left.name.localizedStandardCompare(right.name) == .orderedAscending
        }
    }

    /// The institutions that offer the endpoint at `address` (any trailing slash or host case).
    public func institutions(endpoint address: URL) -> [DirectoryInstitution] {
        let key = DirectoryEndpoint.key(address)
        return institutions.filter { $0.endpoints.contains { $0.key == key } }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}
