import Foundation

/// Why a FHIR resource could not be read, and where: a JSON path such as
/// `entry[3].resource.code.coding[0].system` and a reason such as `expected a string`.
public struct FHIRDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending member (empty for the document itself).
    public var path: String
    /// What is wrong there.
    public var reason: String

    /// Creates an error at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`, or the reason alone at the top level.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    /// The same error below `prefix` (e.g. `entry[3].resource`).
    public func prefixed(with prefix: String) -> FHIRDecodingError {
        guard !prefix.isEmpty else { return self }
        return FHIRDecodingError(path: path.isEmpty ? prefix : (path.hasPrefix("[") ? prefix + path : prefix + "." + path),
                                 reason: reason)
    }

    /// Translates a `DecodingError` into a path and a plain reason.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), reason: "expected \(Self.name(of: type))\(Self.found(context))")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), reason: "expected \(Self.name(of: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), reason: "required member is missing")
        case .dataCorrupted(let context):
            self.init(path: Self.path(context.codingPath), reason: Self.corruption(context))
        @unknown default:
            self.init(path: "", reason: "\(error)")
        }
    }

    /// `a.b[2].c` from coding keys.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Float.Type, is Decimal.Type: "a number"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    private static func found(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        guard let start = text.range(of: "but found ") else { return "" }
        let rest = text[start.upperBound...].lowercased()
        let kinds = [("dictionary", "an object"), ("object", "an object"), ("array", "an array"), ("string", "a string"),
                     ("number", "a number"), ("bool", "true or false"), ("null", "null")]
        return kinds.first { rest.hasPrefix($0.0) || rest.hasPrefix("a " + $0.0) || rest.hasPrefix("an " + $0.0) }
            .map { ", found \($0.1)" } ?? ""
    }

    private static func corruption(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return "not valid JSON (\(detail))"
        }
        if context.codingPath.isEmpty { return "not valid JSON (\(context.debugDescription))" }
        return context.debugDescription
    }
}
