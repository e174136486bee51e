import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed with Foundation's `XMLParser`: every element with its attributes, and the text of every
/// `<title>`, in document order. Parsing fails (throws) on anything that is not well-formed XML.
struct SVGElements {
    /// One element.
    struct Element {
        /// The element's name (`rect`, `line`, `g`…).
        var name: String
        /// Its attributes, unescaped.
        var attributes: [String: String]
        /// The text of the `<title>` child of the group this element is in, when it has one.
        var title: String?

        /// A numeric attribute.
        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
    }

    /// Every element, in document order.
    private(set) var elements: [Element] = []
    /// The root element's attributes.
    var root: [String: String] { elements.first?.attributes ?? [:] }

    /// Parses `svg`.
    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
        elements = collector.elements
    }

    /// The elements whose `class` is `name`.
    func withClass(_ name: String) -> [Element] { elements.filter { $0.attributes["class"] == name } }

    /// The parser's delegate: collects elements and gives each the title of its group.
    private final class Collector: NSObject, XMLParserDelegate {
        /// Elements so far.
        var elements: [Element] = []
        /// The title of each open `<g>`, innermost last.
        var groupTitle: [String?] = []
        /// Whether the parser is inside a `<title>`.
        var inTitle = false
        /// The current title's text.
        var text = ""

        /// Records the element; a `<g>` opens a group, a `<title>` starts its text.
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "g" { groupTitle.append(nil) }
            if name == "title" { inTitle = true; text = "" }
            elements.append(Element(name: name, attributes: attributes, title: nil))
        }

        /// Collects a title's text.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { text += string }
        }

        /// Ends a title (it names its group), a group, or an element (which gets its group's title).
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" {
                inTitle = false
                if !groupTitle.isEmpty { groupTitle[groupTitle.count - 1] = text }
            }
            if name == "g" {
                groupTitle.removeLast()
            } else if name != "title", let title = groupTitle.last ?? nil, elements.last?.name == name {
                elements[elements.count - 1].title = title
            }
        }
    }
}
