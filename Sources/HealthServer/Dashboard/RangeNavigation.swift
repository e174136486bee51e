import Foundation

/// The range tabs and the "Earlier" / "Later" links above a chart: each tab the same page in another range, the links
/// one range back or forward (no "Later" past today), all keeping the time zone.
enum RangeNavigation {
    /// The navigation for `path` showing `window` (of `range`, one of `ranges`) on `day`.
    static func html(_ path: String, ranges: [DashboardRange], range: DashboardRange, window: ChartWindow, day: DashboardDay) -> String {
        var html = "<nav aria-label=\"Range\"><ul class=\"tabs\">\n"
        for item in ranges {
            html += "<li><a href=\"\(day.link(path, range: item))\"\(item == range ? " aria-current=\"page\"" : "")>\(item.title)</a></li>\n"
        }
        let earlier = range.shift(day.day, by: -1, calendar: day.calendar), later = range.shift(day.day, by: 1, calendar: day.calendar)
        html += "</ul></nav>\n<p class=\"pager\"><a href=\"\(day.link(path, range: range, day: earlier))\">← Earlier</a>"
        html += "<strong>\(HTML.escape(window.title))</strong>"
        html += later <= day.today ? "<a href=\"\(day.link(path, range: range, day: later))\">Later →</a>" : "<span></span>"
        return html + "</p>\n"
    }
}
