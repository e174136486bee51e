import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// `health delete TYPE`: delete stored objects, with `health query`'s filters, as the person (any source's data).
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete the objects of a type, selected as `health query` selects them.",
        usage: "health delete <type> [--from <date>] [--to <date>] [--source <s>] [--yes]",
        discussion: """
            Deletes as the store's owner, whatever app or device wrote the data; deleting a workout or a \
            correlation deletes what it holds. Deletions are kept in the change log, so sync tools see them. On a \
            terminal it asks first; scripts pass --yes. Run the same selection with `health query` to see it.
            Examples:
              health delete stepCount --from 2024-03-01 --source "Anna's iPhone"
              health delete bodyMass --yes
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Delete without asking (needed when standard input is not a terminal).")
    var yes = false

    func run() throws {
        let type = try TypeList.parse([selection.type])[0]
        guard type is HKSampleType || type is HKActivitySummaryType else {
            throw badInput("\"\(selection.type)\" is a characteristic; change it with `health me set`")
        }
        _ = try selection.window()
        let reader = try store.openForReading()
        let filter = SampleFilter.and([try selection.filter(in: reader, typeIdentifier: type.identifier), WorkoutActivityRecords.excluded])
        let count = try storageCall { try reader.storage().count(matching: filter) }
        guard count > 0 else {
            Console.write("No \(type.shortName) objects match; nothing deleted.\n")
            return
        }
        let what = "\(NumberText.counted(count, "\(type.shortName) object")) from \(store.shownName)"
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                throw badInput("deleting \(what) needs confirmation; pass --yes to delete without asking")
            }
            FileHandle.standardError.write(Data("Delete \(what)? Type yes to delete: ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "yes" || answer == "y" else {
                Console.write("Nothing deleted.\n")
                throw HealthExitStatus.failure
            }
        }
        let writer = try store.openForWriting()
        let tombstones = try storageCall { try writer.storage().delete(matching: filter) }
        let ofType = tombstones.filter { $0.type == type.identifier }.count
        let others = tombstones.count - ofType
        Console.write("Deleted \(NumberText.counted(ofType, "\(type.shortName) object"))"
            + (others > 0 ? " and \(NumberText.grouped(others)) objects they held" : "") + ".\n")
    }

    private func storageCall<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            Console.error(StoreOptions.sentence(HKError.from(error).localizedDescription))
            throw HealthExitStatus.failure
        }
    }
}
