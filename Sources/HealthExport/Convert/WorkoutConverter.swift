import Foundation
import HealthKitModel

/// `Workout` elements to `HKWorkout`: events, statistics (or the old `totalDistance`/`totalEnergyBurned`
/// attributes), activities (keeping their export UUIDs) and metadata. Routes are read by ``RouteReader``.
///
/// A part that cannot be read (a `WorkoutEvent` or `WorkoutStatistics` of a type this version does not know, with
/// a bad date or unit, an event outside the workout) is left out and reported; the workout keeps the rest. Events are
/// put in date order, and an event that pokes out of the workout by less than a second (export.xml writes dates in
/// whole seconds but durations in full) is clamped to the workout's interval.
struct WorkoutConverter {
    /// How far an event may lie outside its workout and still be taken as inside (export.xml's whole-second dates).
    static let roundingTolerance: TimeInterval = 1

    /// The workout a node describes, or the problem that keeps it out; `skipped` gets the parts left out.
    static func workout(_ node: ExportNode, source: ResolvedSource, device: ResolvedDevice,
                        metadata converter: inout MetadataConverter, skipped: inout [ImportProblem]) -> Result<HKWorkout, ImportProblem> {
        let attributes = node.attributes
        guard let typeName = attributes["workoutActivityType"] else {
            return .failure(ImportProblem(.missingAttribute, line: node.line, "Workout has no workoutActivityType"))
        }
        guard let activity = HKWorkoutActivityType(exportName: typeName) ?? UInt(typeName).flatMap(HKWorkoutActivityType.init(rawValue:)) else {
            return .failure(ImportProblem(.unknownType, line: node.line, typeName))
        }
        guard let start = attributes["startDate"].flatMap(ExportValues.date), let end = attributes["endDate"].flatMap(ExportValues.date) else {
            return .failure(ImportProblem(.badDate, line: node.line, "Workout startDate/endDate missing or not dates"))
        }
        let metadata = converter.metadata(node.metadataEntries)
        reportUnknownChildren(of: node, known: ["MetadataEntry", "WorkoutEvent", "WorkoutStatistics", "WorkoutActivity", "WorkoutRoute"],
                              skipped: &skipped)
        do {
            let events = self.events(node.children(named: "WorkoutEvent"), start: start, end: end, metadata: &converter, skipped: &skipped)
            var statistics = self.statistics(node.children(named: "WorkoutStatistics"), skipped: &skipped)
            let duration = quantity(attributes["duration"], attributes["durationUnit"] ?? "min", .second())
            let totals = try legacyTotals(attributes, activity: activity, start: start, end: end)
            for (type, figures) in totals where statistics[type] == nil { statistics[type] = figures }
            let checked = try HKWorkout.checked(activityType: activity, start: start, end: end, workoutEvents: events,
                                                duration: duration, statistics: statistics, metadata: metadata)
            let activities = try node.children(named: "WorkoutActivity").map {
                try workoutActivity($0, activity, workoutEnd: end, metadata: &converter, skipped: &skipped)
            }
            var hasher = IdentityHasher(kind: "Workout")
            hasher.add(Int(activity.rawValue))
            hasher.add(source.hash)
            hasher.add(device.hash)
            hasher.add(start.timeIntervalSince1970)
            hasher.add(end.timeIntervalSince1970)
            hasher.add(checked.duration)
            MetadataConverter.addIdentity(of: metadata, to: &hasher)
            return .success(HKWorkout(
                activityType: activity, start: start, end: end, events: events, activities: activities,
                duration: checked.duration, statistics: statistics, uuid: hasher.uuid(at: start),
                sourceRevision: source.revision, device: device.device, metadata: metadata))
        } catch let problem as ImportProblem {
            return .failure(problem)
        } catch {
            return .failure(ImportProblem(.invalidObject, line: node.line, "Workout: \(error)"))
        }
    }

    /// The events HealthKit accepts for a workout from `start` to `end`, in date order; the others go to `skipped`.
    private static func events(_ nodes: [ExportNode], start: Date, end: Date, metadata: inout MetadataConverter,
                               skipped: inout [ImportProblem]) -> [HKWorkoutEvent] {
        var events: [(line: Int, event: HKWorkoutEvent)] = []
        for node in nodes {
            do { events.append((node.line, try event(node, start: start, end: end, metadata: &metadata))) }
            catch let problem as ImportProblem { skipped.append(problem) }
            catch { skipped.append(ImportProblem(.invalidObject, line: node.line, "WorkoutEvent: \(error)")) }
        }
        events = events.enumerated().sorted { ($0.element.event.dateInterval.start, $0.offset) < ($1.element.event.dateInterval.start, $1.offset) }
            .map(\.element)
        while let first = events.first, first.event.type == .resume {
            skipped.append(ImportProblem(.invalidObject, line: first.line, "WorkoutEvent: a workout's first event cannot be a resume event"))
            events.removeFirst()
        }
        return events.map(\.event)
    }

    private static func event(_ node: ExportNode, start: Date, end: Date, metadata: inout MetadataConverter) throws -> HKWorkoutEvent {
        guard let name = node.attributes["type"], let type = HKWorkoutEventType(exportName: name) else {
            throw ImportProblem(.unknownType, line: node.line, node.attributes["type"] ?? "WorkoutEvent without type")
        }
        guard let date = node.attributes["date"].flatMap(ExportValues.date) else {
            throw ImportProblem(.badDate, line: node.line, "WorkoutEvent date missing or not a date")
        }
        let duration = max(0, quantity(node.attributes["duration"], node.attributes["durationUnit"] ?? "min", .second()) ?? 0)
        let eventEnd = date.addingTimeInterval(duration)
        if date < start.addingTimeInterval(-roundingTolerance) || eventEnd > end.addingTimeInterval(roundingTolerance) {
            throw ImportProblem(.invalidObject, line: node.line, "WorkoutEvent (\(name)) lies outside its workout")
        }
        let clampedStart = min(max(date, start), end)
        let interval = DateInterval(start: clampedStart, end: max(min(eventEnd, end), clampedStart))
        do {
            return try HKWorkoutEvent.checked(type: type, dateInterval: interval, metadata: metadata.metadata(node.metadataEntries))
        } catch {
            throw ImportProblem(.invalidObject, line: node.line, "WorkoutEvent: \(error)")
        }
    }

    /// The statistics of `WorkoutStatistics` children by type; those that cannot be read go to `skipped`.
    private static func statistics(_ nodes: [ExportNode], skipped: inout [ImportProblem]) -> [HKQuantityType: HKStatistics] {
        var result: [HKQuantityType: HKStatistics] = [:]
        for node in nodes {
            let attributes = node.attributes
            guard let name = attributes["type"], case .quantity(let type) = ExportType.resolve(name) else {
                skipped.append(ImportProblem(.unknownType, line: node.line, attributes["type"] ?? "WorkoutStatistics without type"))
                continue
            }
            guard let start = attributes["startDate"].flatMap(ExportValues.date), let end = attributes["endDate"].flatMap(ExportValues.date) else {
                skipped.append(ImportProblem(.badDate, line: node.line, "WorkoutStatistics dates missing or not dates"))
                continue
            }
            let unitText = attributes["unit"] ?? type.canonicalUnitString
            guard let unit = try? HKUnit.checked(from: unitText), type.is(compatibleWith: unit) else {
                skipped.append(ImportProblem(.badUnit, line: node.line, "unit \(unitText) does not fit \(type.identifier)"))
                continue
            }
            func figure(_ key: String) -> HKQuantity? {
                attributes[key].flatMap(ExportValues.number).map { HKQuantity(unit: unit, doubleValue: $0) }
            }
            let figures = HKStatistics.Figures(sum: figure("sum"), average: figure("average"), minimum: figure("minimum"), maximum: figure("maximum"))
            result[type] = HKStatistics(quantityType: type, startDate: start, endDate: end, merged: figures)
        }
        return result
    }

    /// Statistics for the `totalEnergyBurned` and `totalDistance` attributes of exports before WorkoutStatistics,
    /// filed under the types HealthKit uses (built by HealthKit's own deprecated initialiser).
    private static func legacyTotals(_ attributes: [String: String], activity: HKWorkoutActivityType,
                                     start: Date, end: Date) throws -> [HKQuantityType: HKStatistics] {
        let energy = quantity(attributes["totalEnergyBurned"], attributes["totalEnergyBurnedUnit"] ?? "kcal", .kilocalorie())
        let distance = quantity(attributes["totalDistance"], attributes["totalDistanceUnit"] ?? "km", .meter())
        guard energy != nil || distance != nil else { return [:] }
        let legacy = HKWorkout(activityType: activity, start: start, end: start, workoutEvents: nil,
                               totalEnergyBurned: energy.map { HKQuantity(unit: .kilocalorie(), doubleValue: $0) },
                               totalDistance: distance.map { HKQuantity(unit: .meter(), doubleValue: $0) }, metadata: nil)
        var result: [HKQuantityType: HKStatistics] = [:]
        for (type, stats) in legacy.allStatistics {
            result[type] = HKStatistics(quantityType: type, startDate: start, endDate: end, merged: .init(sum: stats.sumQuantity()))
        }
        return result
    }

    /// A `WorkoutActivity` with its events and statistics (an activity without an end runs to the workout's end).
    private static func workoutActivity(_ node: ExportNode, _ activity: HKWorkoutActivityType, workoutEnd: Date,
                                        metadata: inout MetadataConverter, skipped: inout [ImportProblem]) throws -> HKWorkoutActivity {
        guard let start = node.attributes["startDate"].flatMap(ExportValues.date) else {
            throw ImportProblem(.badDate, line: node.line, "WorkoutActivity startDate missing or not a date")
        }
        let end = node.attributes["endDate"].flatMap(ExportValues.date)
        reportUnknownChildren(of: node, known: ["MetadataEntry", "WorkoutEvent", "WorkoutStatistics"], skipped: &skipped)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        let meta = metadata.metadata(node.metadataEntries)
        var hasher = IdentityHasher(kind: "WorkoutActivity")
        hasher.add(start.timeIntervalSince1970)
        hasher.add(end?.timeIntervalSince1970 ?? -1)
        MetadataConverter.addIdentity(of: meta, to: &hasher)
        let uuid = node.attributes["uuid"].flatMap(UUID.init(uuidString:)) ?? hasher.uuid(at: start)
        let events = self.events(node.children(named: "WorkoutEvent"), start: start, end: max(start, end ?? workoutEnd),
                                 metadata: &metadata, skipped: &skipped)
        return HKWorkoutActivity(uuid: uuid, configuration: configuration, start: start, end: end, metadata: meta,
                                 events: events, statistics: statistics(node.children(named: "WorkoutStatistics"), skipped: &skipped))
    }

    /// Reports each child of `node` whose name is not in `known` (an element a newer export may add) as left out.
    private static func reportUnknownChildren(of node: ExportNode, known: Set<String>, skipped: inout [ImportProblem]) {
        for child in node.children where !known.contains(child.name) {
            skipped.append(ImportProblem(.unknownElement, line: child.line, "\(child.name) in \(node.name)"))
        }
    }

    /// A number attribute in `unitText`, converted to `target` (nil when absent or unreadable).
    private static func quantity(_ text: String?, _ unitText: String, _ target: HKUnit) -> Double? {
        guard let text, let value = ExportValues.number(text), let unit = try? HKUnit.checked(from: unitText),
              unit.isCompatible(with: target) else { return nil }
        return HKQuantity(unit: unit, doubleValue: value).doubleValue(for: target)
    }
}
