import Foundation

/// A wide table in a region of its own that scrolls sideways on a narrow screen, so the page itself keeps to a phone's
/// width: labelled, and reachable by keyboard (`tabindex`) so it can be scrolled without a pointer.
enum ScrollRegion {
    /// `html` (a table) inside the region named `label`.
    static func html(_ html: String, label: String) -> String {
        "<div role=\"region\" aria-label=\"\(HTML.escape(label))\" tabindex=\"0\" style=\"overflow-x: auto\">\n" + html + "</div>\n"
    }
}
