public import Foundation

/// A Bundle's `resourceType` and `link`s read without reading its entries (they are skipped byte by byte): what a
/// client paging through a search needs to ask for the next page while the current one is still being read.
public struct FHIRBundleLinks: Sendable, Equatable {
    /// The top-level `resourceType` (`Bundle` for a search page), nil when there is none.
    public var resourceType: String?
    /// Each link's `url` by its `relation` (`self`, `next`, `previous`…); the last of a repeated relation wins. Links
    /// that are not objects with a string `relation` and `url`, and a `link` that is not an array, are left out.
    public var links: [String: String] = [:]

    /// Reads the top-level members of the JSON object `data`; throws when the object itself is broken (its entries
    /// are only skipped, so a malformed resource inside them is left for the full read to report).
    public init(_ data: Data) throws(FHIRDecodingError) {
        let slicer = JSONSlicer(data)
        var type: String?, links: [String: String] = [:]
        _ = try slicer.forEachMember(at: 0, path: "") { key, value throws(FHIRDecodingError) -> Int? in
            switch key {
            case "resourceType":
                let end = try slicer.valueEnd(at: value, path: key)
                type = slicer.string(value..<end)
                return end
            case "link" where value < slicer.bytes.count && slicer.bytes[value] == UInt8(ascii: "["):
                return try Self.readLinks(at: value, in: slicer, into: &links)
            default:
                return nil
            }
        }
        resourceType = type
        self.links = links
    }

    private static func readLinks(at start: Int, in slicer: JSONSlicer, into links: inout [String: String]) throws(FHIRDecodingError) -> Int {
        try slicer.forEachElement(at: start, path: "link") { position, element throws(FHIRDecodingError) -> Int in
            guard element < slicer.bytes.count, slicer.bytes[element] == UInt8(ascii: "{") else { return try slicer.valueEnd(at: element, path: "link[\(position)]") }
            var relation: String?, url: String?
            let end = try slicer.forEachMember(at: element, path: "link[\(position)]") { key, value throws(FHIRDecodingError) -> Int? in
                guard key == "relation" || key == "url" else { return nil }
                let valueEnd = try slicer.valueEnd(at: value, path: "link[\(position)].\(key)")
                if key == "relation" { relation = slicer.string(value..<valueEnd) } else { url = slicer.string(value..<valueEnd) }
                return valueEnd
            }
            if let relation, let url { links[relation] = url }
            return end
        }
    }
}
