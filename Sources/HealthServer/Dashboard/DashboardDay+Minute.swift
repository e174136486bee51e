import Foundation

extension DashboardDay {
    /// `date` as `YYYY-MM-DD HH:MM` in the page's time zone (the day as the pages' `date` parameter writes it).
    func minute(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return parameter(date) + String(format: " %02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
