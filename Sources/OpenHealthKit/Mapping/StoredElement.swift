package import Foundation
import HealthKitModel

/// An export.xml element as JSON: name, attributes, children (package access).
///
/// The payload of records of kind `other` whose HealthKit object is described by an element
/// (`Audiogram`, `VisionPrescription`): the importer stores the element as read, and
/// ``ElementSampleMapping`` builds objects from it and synthesises it for objects apps save.
package struct StoredElement: Codable, Hashable, Sendable {
    /// The element name.
    package var name: String
    /// The attributes, by name.
    package var attributes: [String: String]
    /// The child elements, in document order.
    package var children: [StoredElement]

    /// Creates an element.
    package init(name: String, attributes: [String: String] = [:], children: [StoredElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The element a record payload holds, or nil when it holds none.
    package static func decoded(from payload: Data?) -> StoredElement? {
        payload.flatMap { try? JSONDecoder().decode(StoredElement.self, from: $0) }
    }

    /// The JSON with sorted keys: equal elements give equal bytes (the importer hashes them for identity).
    package func encoded() throws -> Data { try JSONEncoder.sortedKeys.encode(self) }

    /// The first child named `name`.
    package func child(_ name: String) -> StoredElement? { children.first { $0.name == name } }

    /// The `MetadataEntry` children as text, or nil when there are none.
    package var metadataEntries: [String: Any]? {
        let entries = children.filter { $0.name == "MetadataEntry" }
        guard !entries.isEmpty else { return nil }
        return Dictionary(entries.map { ($0.attributes["key"] ?? "", $0.attributes["value"] ?? "" as Any) }, uniquingKeysWith: { $1 })
    }
}
