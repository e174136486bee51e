/// The namespace bindings in scope while reading a document with ``XMLScanner``: `xmlns` and `xmlns:p`
/// attributes bind on their element and its descendants.
package struct XMLNamespaces {
    /// The namespace of the `xml` prefix, bound in every document.
    static let xml = "http://www.w3.org/XML/1998/namespace"

    /// The bindings of each prefix ("" for the default namespace), innermost last; an empty URI unbinds.
    private var bindings: [String: [String]] = ["xml": [xml]]
    /// The prefixes each open element bound.
    private var declared: [[String]] = []

    /// An empty scope.
    package init() {}

    /// Enters an element named `name` with `attributes`: binds its declarations and returns its namespace (nil when
    /// none) and local name. Throws, via `problem`, for an undeclared prefix or a reserved one misused.
    package mutating func enter(_ name: String, attributes: [XMLAttribute],
                                problem: (String) -> XMLSyntaxError) throws(XMLSyntaxError) -> (namespace: String?, local: String) {
        var prefixes: [String] = []
        for attribute in attributes {
            let prefix: String
            if attribute.name == "xmlns" {
                prefix = ""
            } else if attribute.name.hasPrefix("xmlns:") {
                prefix = String(attribute.name.dropFirst(6))
                guard !prefix.isEmpty, !prefix.contains(":"), !attribute.value.isEmpty, prefix != "xmlns" else {
                    throw problem("the namespace declaration \(attribute.name)=\"\(attribute.value)\" is not allowed")
                }
            } else {
                continue
            }
            bindings[prefix, default: []].append(attribute.value)
            prefixes.append(prefix)
        }
        declared.append(prefixes)
        for attribute in attributes where !attribute.name.hasPrefix("xmlns") {
            if let colon = attribute.name.firstIndex(of: ":") {
                _ = try resolve(String(attribute.name[..<colon]), in: attribute.name, problem: problem)
            }
        }
        guard let colon = name.firstIndex(of: ":") else {
            return (bindings[""]?.last.flatMap { $0.isEmpty ? nil : $0 }, name)
        }
        let local = String(name[name.index(after: colon)...])
        guard !local.isEmpty, !local.contains(":") else { throw problem("<\(name)> is not a valid qualified name") }
        return (try resolve(String(name[..<colon]), in: name, problem: problem), local)
    }

    /// Leaves the innermost element, dropping its bindings.
    package mutating func leave() {
        for prefix in declared.popLast() ?? [] { bindings[prefix]?.removeLast() }
    }

    private func resolve(_ prefix: String, in name: String, problem: (String) -> XMLSyntaxError) throws(XMLSyntaxError) -> String {
        guard !prefix.isEmpty, let uri = bindings[prefix]?.last, !uri.isEmpty else {
            throw problem("the prefix of \(name) is not bound to a namespace")
        }
        return uri
    }
}
