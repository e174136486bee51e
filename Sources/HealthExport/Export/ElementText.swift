import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// export.xml elements for stored records.
enum ElementText {
    /// A `Record` element (quantity or category), with its metadata and heartbeat list.
    static func record(_ record: SampleRecord, beats: SampleRecord?, indent: String) -> String {
        var head = "\(indent)<Record type=\"\(record.type)\"\(ExportFields.source(record))"
        if record.kind == .quantity {
            head += " unit=\"\(ExportText.escape(record.unit ?? ""))\""
        }
        head += ExportFields.interval(record.startDate, record.endDate)
        head += " value=\"\(ExportText.escape(value(of: record)))\""
        let metadata = ExportFields.metadata(record.fields)
        let beatList = beats.map(HeartbeatMapping.list) ?? []
        guard !metadata.isEmpty || !beatList.isEmpty else { return head + "/>\n" }
        var text = head + ">\n" + ExportFields.entries(metadata, indent: indent + " ")
        if !beatList.isEmpty {
            text += "\(indent) <HeartRateVariabilityMetadataList>\n"
            for beat in beatList {
                text += "\(indent)  <InstantaneousBeatsPerMinute bpm=\"\(ExportText.escape(beat.bpm))\" time=\"\(ExportText.escape(beat.time))\"/>\n"
            }
            text += "\(indent) </HeartRateVariabilityMetadataList>\n"
        }
        return text + "\(indent)</Record>\n"
    }

    /// A quantity's value in its original unit, or a category's value by its export name.
    static func value(of record: SampleRecord) -> String {
        if record.kind == .quantity { return ExportText.number(record.originalQuantity ?? record.quantity ?? 0) }
        let value = record.categoryValue ?? 0
        let type = HKObjectType.type(forIdentifier: record.type) as? HKCategoryType
        return type?.valueDomain.exportName(for: value) ?? String(value)
    }

    /// A `Correlation` element with its members.
    static func correlation(_ record: SampleRecord, members: [SampleRecord]) throws -> String {
        var text = " <Correlation type=\"\(record.type)\"\(ExportFields.source(record))\(ExportFields.interval(record.startDate, record.endDate))>\n"
        text += ExportFields.entries(ExportFields.metadata(record.fields), indent: "  ")
        for member in members.sorted(by: { $0.type < $1.type }) { text += self.record(member, beats: nil, indent: "  ") }
        return text + " </Correlation>\n"
    }

    /// A `Workout` start tag with its metadata, events, statistics and activities (routes and the end tag follow).
    static func workoutOpening(_ workout: HKWorkout, _ record: SampleRecord) -> String {
        var text = " <Workout workoutActivityType=\"\(workout.workoutActivityType.exportName)\""
        text += " duration=\"\(ExportText.number(workout.duration / 60))\" durationUnit=\"min\""
        text += ExportFields.source(record) + ExportFields.interval(workout.startDate, workout.endDate) + ">\n"
        text += ExportFields.entries(ExportFields.metadata(record.fields), indent: "  ")
        text += events(workout.workoutEvents ?? [], indent: "  ") + statistics(workout.allStatistics, indent: "  ")
        for activity in workout.workoutActivities {
            text += "  <WorkoutActivity uuid=\"\(activity.uuid.uuidString)\" startDate=\"\(ExportFields.date(activity.startDate))\""
            if let end = activity.endDate { text += " endDate=\"\(ExportFields.date(end))\"" }
            let children = entries(activity.metadata, indent: "   ")
                + events(activity.workoutEvents, indent: "   ") + statistics(activity.allStatistics, indent: "   ")
            text += children.isEmpty ? "/>\n" : ">\n" + children + "  </WorkoutActivity>\n"
        }
        return text
    }

    /// `MetadataEntry` elements for an object's metadata (a workout activity's, an event's).
    private static func entries(_ metadata: [String: Any]?, indent: String) -> String {
        ExportFields.entries(ExportFields.metadata((try? MetadataMapping.fields(from: metadata)) ?? [:]), indent: indent)
    }

    /// `WorkoutEvent` elements, with their metadata.
    private static func events(_ events: [HKWorkoutEvent], indent: String) -> String {
        var text = ""
        for event in events {
            text += indent + "<WorkoutEvent type=\"\(event.type.exportName)\" date=\"\(ExportFields.date(event.dateInterval.start))\""
            if event.dateInterval.duration > 0 { text += " duration=\"\(ExportText.number(event.dateInterval.duration / 60))\" durationUnit=\"min\"" }
            let metadata = entries(event.metadata, indent: indent + " ")
            text += metadata.isEmpty ? "/>\n" : ">\n" + metadata + indent + "</WorkoutEvent>\n"
        }
        return text
    }

    /// `WorkoutStatistics` elements, by type, each in one unit.
    private static func statistics(_ all: [HKQuantityType: HKStatistics], indent: String) -> String {
        var text = ""
        for (type, statistics) in all.sorted(by: { $0.key.identifier < $1.key.identifier }) {
            text += indent + "<WorkoutStatistics type=\"\(type.identifier)\"\(ExportFields.interval(statistics.startDate, statistics.endDate))"
            var unit: String?
            for (name, quantity) in [("average", statistics.averageQuantity()), ("minimum", statistics.minimumQuantity()),
                                     ("maximum", statistics.maximumQuantity()), ("sum", statistics.sumQuantity())] {
                guard let quantity else { continue }
                let target = unit.flatMap { try? HKUnit.checked(from: $0) } ?? quantity.originalUnit
                unit = target.unitString
                text += " \(name)=\"\(ExportText.number(quantity.doubleValue(for: target)))\""
            }
            text += " unit=\"\(ExportText.escape(unit ?? type.canonicalUnitString))\"/>\n"
        }
        return text
    }

    /// An activity summary, audiogram or vision prescription; nil for parts written with their parent
    /// (routes, heartbeat lists, workout activities).
    static func other(_ record: SampleRecord) throws -> String? {
        if record.type == HKActivitySummaryTypeIdentifier { return try activitySummary(record) }
        guard record.parent == nil, let payload = record.payload,
              let element = StoredElement.decoded(from: payload) else { return nil }
        return element.completed(from: record).text(indent: " ")
    }

    private static func activitySummary(_ record: SampleRecord) throws -> String {
        let summary = try ActivitySummaryMapping.summary(from: record)
        guard let day = summary.day, let year = day.year, let month = day.month, let date = day.day else { return "" }
        var text = String(format: " <ActivitySummary dateComponents=\"%04d-%02d-%02d\"", year, month, date)
        func add(_ name: String, _ quantity: HKQuantity?, _ unit: HKUnit) {
            guard let quantity else { return }
            text += " \(name)=\"\(ExportText.number(quantity.doubleValue(for: unit)))\""
        }
        add("activeEnergyBurned", summary.activeEnergyBurned, .kilocalorie())
        add("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal, .kilocalorie())
        text += " activeEnergyBurnedUnit=\"kcal\""
        add("appleMoveTime", summary.appleMoveTime, .minute())
        add("appleMoveTimeGoal", summary.appleMoveTimeGoal, .minute())
        add("appleExerciseTime", summary.appleExerciseTime, .minute())
        add("appleExerciseTimeGoal", summary.exerciseTimeGoal, .minute())
        add("appleStandHours", summary.appleStandHours, .count())
        add("appleStandHoursGoal", summary.standHoursGoal, .count())
        return text + "/>\n"
    }
}

extension StoredElement {
    /// The element as XML text.
    func text(indent: String) -> String {
        let attributes = self.attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(ExportText.escape($0.value))\"" }.joined()
        guard !children.isEmpty else { return "\(indent)<\(name)\(attributes)/>\n" }
        return "\(indent)<\(name)\(attributes)>\n" + children.map { $0.text(indent: indent + " ") }.joined() + "\(indent)</\(name)>\n"
    }
}
