import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// The filters `health query` and `health delete` share: a type, a time window, sources.
struct SelectionOptions: ParsableArguments {
    @Argument(help: "The type: a short name (stepCount, activitySummary) or an identifier.")
    var type: String

    @Option(help: "Only objects overlapping the time from this date (\(DateText.grammar)).")
    var from: String?

    @Option(help: "Only objects overlapping the time before this date.")
    var to: String?

    @Option(help: ArgumentHelp("Only objects from this source: its name as `health sources` shows it, bundle "
        + "identifier or priority rank; repeatable."))
    var source: [String] = []

    /// The time window, checked: both dates readable, `--to` after `--from`.
    func window() throws -> (start: Date?, end: Date?) {
        try DateOptions.window(from: from, to: to)
    }

    /// The storage filter for the type, the window and the sources (resolved in `store`); every record of the
    /// type's kind, never a workout's parts.
    func filter(in store: HKHealthStore, typeIdentifier: String) throws -> SampleFilter {
        var parts: [SampleFilter] = [.types([typeIdentifier])]
        let (start, end) = try window()
        if start != nil || end != nil { parts.append(.window(DateWindow(start: start, end: end))) }
        if !source.isEmpty {
            let sources = try source.flatMap { try SourceNames.resolve($0, in: store) }
            parts.append(.sources(Set(sources.map(\.bundleIdentifier))))
        }
        return .and(parts)
    }
}

/// `--from` and `--to` as every command reads them.
enum DateOptions {
    /// The date `text` names (see ``DateText``); a bad date exits with status 2 naming the option.
    static func date(_ text: String, option: String, timeZone: TimeZone = .current) throws -> Date {
        guard let date = DateText.parse(text, timeZone: timeZone) else {
            throw badInput("\(option): \"\(text)\" is not a date; use \(DateText.grammar)")
        }
        return date
    }

    /// The window `[from, to)`; a reversed or empty window exits with status 2.
    static func window(from: String?, to: String?, timeZone: TimeZone = .current,
                       names: (String, String) = ("--from", "--to")) throws -> (start: Date?, end: Date?) {
        let start = try from.map { try date($0, option: names.0, timeZone: timeZone) }
        let end = try to.map { try date($0, option: names.1, timeZone: timeZone) }
        if let start, let end, end <= start {
            throw badInput("\(names.1) \(to!) is not after \(names.0) \(from!); swap them or pick a later \(names.1)")
        }
        return (start, end)
    }
}

/// Sources as people name them: the name `health sources` shows (straight and curly apostrophes alike, any case),
/// the bundle identifier, or the rank in `health sources priority`.
enum SourceNames {
    /// The sources `text` names (several when sources share a name); an unknown name exits with status 2 and suggestions.
    static func resolve(_ text: String, in store: HKHealthStore) throws -> [HKSource] {
        let all = try store.allSources()
        if let exact = all.first(where: { $0.bundleIdentifier == text }) { return [exact] }
        let wanted = Suggestions.normalized(text)
        let named = all.filter { Suggestions.normalized($0.name) == wanted || Suggestions.normalized($0.bundleIdentifier) == wanted }
        if !named.isEmpty { return named }
        if let rank = Int(text) {
            let order = try store.sourcePriority()
            guard (1...max(1, order.count)).contains(rank), rank <= order.count else {
                throw badInput("there is no source at rank \(rank); `health sources priority` shows \(order.count) ranks")
            }
            return [order[rank - 1]]
        }
        let names = all.map(\.name) + all.map(\.bundleIdentifier)
        throw badInput("no source is named \"\(text)\"\(Suggestions.didYouMean(text, among: names)) (`health sources` lists them)")
    }
}
