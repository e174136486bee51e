import Foundation
import HealthKitModel

/// One resource read from a file, a bundle entry or an NDJSON line: its model, identity and original bytes.
public struct FHIRReadResource: Sendable {
    /// The decoded resource.
    public var resource: FHIRAnyResource
    /// The resource's id, or, for a bundle entry without one, the last part of the entry's `fullUrl`.
    public var identifier: String
    /// The FHIR version, detected or given.
    public var fhirVersion: HKFHIRVersion
    /// The resource's JSON exactly as it appeared in the input.
    public var data: Data
    /// The bundle entry's `fullUrl`, if any.
    public var fullUrl: String?
    /// Where the resource was in its input (`entry[3].resource`; empty for a whole file or line).
    public var location: String
}

/// What reading one input produced: the resources, and the resources that could not be read.
public struct FHIRReadResult: Sendable {
    /// The resources read, in input order.
    public var resources: [FHIRReadResource] = []
    /// One error per resource that could not be read, with its JSON path.
    public var failures: [FHIRDecodingError] = []
}

/// Reads FHIR JSON: one resource, or a Bundle whose entries are read one by one (nested bundles too), so a
/// malformed entry costs only itself. Each resource's bytes are cut from the input unchanged.
public struct FHIRReader: Sendable {
    /// The release to assume; nil to detect it from each resource (and its bundle).
    public var release: HKFHIRRelease?

    /// A reader; `release` nil detects the version.
    public init(release: HKFHIRRelease? = nil) { self.release = release }

    /// Reads `data`: a resource or a bundle.
    public func read(_ data: Data) -> FHIRReadResult {
        var result = FHIRReadResult()
        let slicer = JSONSlicer(data)
        do {
            let whole = try slicer.document()
            try read(whole, in: slicer, path: "", fullUrl: nil, into: &result)
        } catch {
            result.failures.append(error)
        }
        let bundleRelease = release ?? result.resources.lazy.compactMap { FHIRVersionDetection.release(of: $0.resource) }.first
        for index in result.resources.indices {
            let own = release ?? FHIRVersionDetection.release(of: result.resources[index].resource)
            result.resources[index].fhirVersion = FHIRVersionDetection.version(for: own ?? bundleRelease ?? .r4)
        }
        return result
    }

    private func read(_ range: Range<Int>, in slicer: JSONSlicer, path: String, fullUrl: String?,
                      into result: inout FHIRReadResult) throws(FHIRDecodingError) {
        let members = try slicer.members(of: range, path: path)
        guard let typeRange = members.first(where: { $0.key == "resourceType" })?.value else {
            throw FHIRDecodingError(path: Self.join(path, "resourceType"), reason: "required member is missing")
        }
        guard slicer.string(typeRange) == "Bundle" else {
            result.resources.append(try decode(slicer.data(range), path: path, fullUrl: fullUrl))
            return
        }
        guard let entries = members.first(where: { $0.key == "entry" })?.value else { return }
        let entryPath = Self.join(path, "entry")
        for (index, entry) in try slicer.elements(of: entries, path: entryPath).enumerated() {
            let here = "\(entryPath)[\(index)]"
            do {
                let parts = try slicer.members(of: entry, path: here)
                guard let resource = parts.first(where: { $0.key == "resource" })?.value else { continue }
                let url = parts.first(where: { $0.key == "fullUrl" }).flatMap { slicer.string($0.value) }
                try read(resource, in: slicer, path: here + ".resource", fullUrl: url, into: &result)
            } catch {
                result.failures.append(error)
            }
        }
    }

    /// Decodes one resource's bytes; `path` prefixes any error.
    func decode(_ data: Data, path: String, fullUrl: String?) throws(FHIRDecodingError) -> FHIRReadResource {
        let resource: FHIRAnyResource
        do {
            resource = try JSONDecoder().decode(FHIRAnyResource.self, from: data)
        } catch let error as DecodingError {
            throw FHIRDecodingError(error).prefixed(with: path)
        } catch {
            throw FHIRDecodingError(path: path, reason: "\(error)")
        }
        let identifier = resource.id.flatMap { $0.isEmpty ? nil : $0 } ?? fullUrl.flatMap(Self.identifier(fromFullUrl:))
            ?? Self.contentIdentifier(data)
        return FHIRReadResource(resource: resource, identifier: identifier, fhirVersion: .primaryR4(), data: data,
                                fullUrl: fullUrl, location: path)
    }

    /// The identifier of a resource with neither an `id` nor an entry `fullUrl` (Synthea's DSTU2 bundles):
    /// `content-` and a 128-bit FNV-1a digest of its bytes, so the same resource sent again is recognised.
    static func contentIdentifier(_ data: Data) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in data {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
        }
        return "content-" + String(first, radix: 16) + String(second, radix: 16)
    }

    /// `urn:uuid:X` gives X; `https://host/fhir/Observation/X` gives X.
    static func identifier(fromFullUrl url: String) -> String? {
        if url.hasPrefix("urn:uuid:") || url.hasPrefix("urn:oid:") { return String(url.split(separator: ":").last ?? "") }
        return url.split(separator: "/").last.map(String.init)
    }

    static func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : path + "." + member }
}
