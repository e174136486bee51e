public import Foundation
public import HealthKitModel

/// One resource read from a file, a bundle entry or an NDJSON line: its model, identity and original bytes.
public struct FHIRReadResource: Sendable {
    /// The decoded resource.
    public var resource: FHIRAnyResource
    /// The resource's id, or, without one, `content-` and a digest of its bytes (never the bundle entry's `fullUrl`).
    public var identifier: String
    /// The FHIR version, detected or given.
    public var fhirVersion: HKFHIRVersion
    /// The resource's JSON exactly as it appeared in the input.
    public var data: Data
    /// The bundle entry's `fullUrl`, if any.
    public var fullUrl: String?
    /// Where the resource was in its input (`entry[3].resource`; empty for a whole file or line).
    public var location: String
    /// When the record was received, when the input says (an Apple Health export's `receivedDate`): the clinical
    /// record's start and end. Nil dates it when it is ingested.
    public var receivedDate: Date? = nil
    /// The clinical type the input gives it (an Apple Health export's `type`), which wins over the classifier's
    /// for a resource the classifier takes as clinical. Nil uses the classifier's.
    public var clinicalType: HKClinicalTypeIdentifier? = nil
}

/// What reading one input produced: the resources, and the resources that could not be read.
public struct FHIRReadResult: Sendable {
    /// The resources read, in input order.
    public var resources: [FHIRReadResource] = []
    /// One error per resource that could not be read, with its JSON path.
    public var failures: [FHIRDecodingError] = []
    /// The type and id of each resource in ``failures`` whose `resourceType` and `id` were read: the input has the
    /// resource, only not in a readable form (a sync that removes what its source no longer sends keeps these).
    public var unreadIdentities: [(resourceType: String, id: String)] = []
    /// The break in the input's JSON structure that stopped the reading, if one did (it is in ``failures`` too):
    /// nothing after it was read, so the input may hold more resources than ``resources`` and ``failures`` account
    /// for (a sync must not take the input as all its source sends). Nil when the whole input was read.
    public var stopped: FHIRDecodingError?
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
            _ = try readObject(at: whole.lowerBound, in: slicer, path: "", fullUrl: nil, decoder: JSONSliceDecoder(), into: &result)
        } catch {
            // Inside a bundle's entries, say that the entries after the break were lost with it, not only this one.
            let stopped = !error.path.contains("[") ? error
                : FHIRDecodingError(path: error.path, reason: error.reason + "; reading stopped there, so the entries after it were not read")
            result.failures.append(stopped)
            result.stopped = stopped
        }
        // Each resource's own evidence, else its entry's fullUrl; else what the rest of the input shows; else R4.
        let own = result.resources.map { release ?? FHIRVersionDetection.release(of: $0.resource) ?? FHIRVersionDetection.release(fromURL: $0.fullUrl) }
        let inputRelease = own.lazy.compactMap { $0 }.first
        for index in result.resources.indices {
            result.resources[index].fhirVersion = FHIRVersionDetection.version(for: own[index] ?? inputRelease ?? .r4)
        }
        return result
    }

    /// Reads the object at `start` as a resource (a Bundle's entries one by one, in the same pass) and returns the
    /// index after it. Broken JSON structure throws; a resource that does not decode is recorded in `result.failures`.
    private func readObject(at start: Int, in slicer: JSONSlicer, path: String, fullUrl: String?, decoder: JSONSliceDecoder,
                            into result: inout FHIRReadResult) throws(FHIRDecodingError) -> Int {
        var names: Set<String> = [], type: String?, id: String?, skippedEntries: Int?
        let end = try slicer.forEachMember(at: start, path: path) { key, value throws(FHIRDecodingError) -> Int? in
            names.insert(key)
            switch key {
            case "resourceType", "id":
                let valueEnd = try slicer.valueEnd(at: value, path: path)
                if key == "id" { id = slicer.string(value..<valueEnd) } else { type = slicer.string(value..<valueEnd) }
                return valueEnd
            case "entry" where type == "Bundle":
                return try readEntries(at: value, in: slicer, path: Self.join(path, "entry"), decoder: decoder, into: &result)
            case "entry":
                skippedEntries = value
                return nil
            default:
                return nil
            }
        }
        guard let type else {
            result.failures.append(FHIRDecodingError(path: Self.join(path, "resourceType"), reason: "required member is missing"))
            return end
        }
        if type == "Bundle" {
            if let skippedEntries { _ = try readEntries(at: skippedEntries, in: slicer, path: Self.join(path, "entry"), decoder: decoder, into: &result) }
            return end
        }
        let data = slicer.data(start..<end)
        guard FHIRAnyResource.models[type] == nil else {
            do {
                var read = try decode(start..<end, of: slicer, data: data, path: path, fullUrl: fullUrl, decoder: decoder)
                read.resource.memberNames = names
                result.resources.append(read)
            } catch {
                result.failures.append(error)
                if let id, !id.isEmpty { result.unreadIdentities.append((type, id)) }
            }
            return end
        }
        // A type with no model (Encounter, Claim...) needs only its type and id: no full decode.
        let resource = FHIRAnyResource(unmodelled: type, id: id, memberNames: names)
        result.resources.append(FHIRReadResource(resource: resource, identifier: Self.identifier(id: id, data: data),
                                                 fhirVersion: .primaryR4(), data: data, fullUrl: fullUrl, location: path))
        return end
    }

    /// Reads a Bundle's `entry` array at `start`; returns the index after it.
    private func readEntries(at start: Int, in slicer: JSONSlicer, path: String, decoder: JSONSliceDecoder,
                             into result: inout FHIRReadResult) throws(FHIRDecodingError) -> Int {
        try slicer.forEachElement(at: start, path: path) { position, element throws(FHIRDecodingError) -> Int in
            let here = "\(path)[\(position)]"
            var fullUrl: String?, firstRead: Int?
            let end = try slicer.forEachMember(at: element, path: here) { key, value throws(FHIRDecodingError) -> Int? in
                switch key {
                case "fullUrl":
                    let valueEnd = try slicer.valueEnd(at: value, path: here)
                    fullUrl = slicer.string(value..<valueEnd)
                    return valueEnd
                case "resource":
                    firstRead = result.resources.count
                    return try readObject(at: value, in: slicer, path: here + ".resource", fullUrl: fullUrl, decoder: decoder, into: &result)
                default:
                    return nil
                }
            }
            // A fullUrl written after its resource still names it.
            if let fullUrl, let firstRead {
                for index in firstRead..<result.resources.count where result.resources[index].fullUrl == nil {
                    result.resources[index].fullUrl = fullUrl
                }
            }
            return end
        }
    }

    /// Decodes the resource at `range` of the slicer's input (its bytes `data`); `path` prefixes any error.
    private func decode(_ range: Range<Int>, of slicer: JSONSlicer, data: Data, path: String, fullUrl: String?,
                        decoder: JSONSliceDecoder) throws(FHIRDecodingError) -> FHIRReadResource {
        let resource: FHIRAnyResource
        do {
            resource = try decoder.decode(FHIRAnyResource.self, from: slicer.bytes, in: range)
        } catch let error as FHIRDecodingError {
            throw error.prefixed(with: path)
        } catch let error as DecodingError {
            throw FHIRDecodingError(error).prefixed(with: path)
        } catch {
            throw FHIRDecodingError(path: path, reason: "\(error)")
        }
        let identifier = Self.identifier(id: resource.id, data: data)
        return FHIRReadResource(resource: resource, identifier: identifier, fhirVersion: .primaryR4(), data: data,
                                fullUrl: fullUrl, location: path)
    }

    /// The id; else a digest of the bytes.
    ///
    /// A bundle entry's `fullUrl` is not used: it names the resource only inside its bundle (`resource:0` in every SMART
    /// Health Card, a fresh `urn:uuid:` in each transaction), so two bundles would give different resources one
    /// identity, and the same resource sent once with and once without a `fullUrl` two identities.
    static func identifier(id: String?, data: Data) -> String {
        id.flatMap { $0.isEmpty ? nil : $0 } ?? contentIdentifier(data)
    }

    /// The identifier of a resource without an `id` (Synthea's DSTU2 bundles, SMART Health Card bundles):
    /// `content-` and a 128-bit FNV-1a digest of its bytes, so the same resource sent again is recognised.
    static func contentIdentifier(_ data: Data) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in data {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
        }
        let hex = { (value: UInt64) -> String in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return "content-" + hex(first) + hex(second)
    }

    static func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : path + "." + member }
}
