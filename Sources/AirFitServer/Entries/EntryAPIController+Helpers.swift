import AirFitCore
import Foundation
import Hummingbird

extension EntryAPIController {
    /// The repository query of a workout or meal list page, and the upper bound its cursors keep (milliseconds).
    func datedQuery(_ list: EntryListQuery, user: User) throws(APIProblem) -> (RecordQuery, Int64) {
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let from = list.fromDay.flatMap { HistoryPage.interval(of: $0, zone: zone)?.lowerBound }
        let to = list.toDay.flatMap { HistoryPage.interval(of: $0, zone: zone)?.upperBound }
        var before: Int64
        var offset = 0
        switch list.cursor {
        case .dated(let bound, let skip):
            before = bound
            offset = skip
        case .day: throw Self.foreignCursor
        case nil:
            // The first page fixes the bound: entries logged later do not shift the pages after it.
            before = Self.milliseconds(now()) + 1000
        }
        if let to { before = min(before, Self.milliseconds(to)) }
        let query = RecordQuery(
            from: from, to: Date(timeIntervalSince1970: Double(before) / 1000), limit: list.limit + 1, offset: offset, newestFirst: true)
        return (query, before)
    }

    /// A page of `found` (fetched one past the limit, to know whether another page follows).
    func page<Item: Encodable>(_ found: [Item], list: EntryListQuery, query: RecordQuery, before: Int64) throws -> Response {
        let next = found.count > list.limit ? EntryCursor.dated(before: before, offset: query.offset + list.limit).text : nil
        return try APIJSON.response(EntryPageJSON(items: Array(found.prefix(list.limit)), nextCursor: next))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// 422 for a cursor of another list.
    static var foreignCursor: APIProblem {
        APIProblem.invalid([.init(field: "cursor", message: "cursor belongs to another list; pass this list's nextCursor unchanged.")])
    }

    /// 422 listing each required field not sent.
    static func missing(_ fields: [String]) -> APIProblem {
        APIProblem.invalid(fields.map { APIProblem.FieldProblem(field: $0, message: "\($0) is required.") })
    }

    static func require(_ missing: [String]) throws(APIProblem) {
        guard missing.isEmpty else { throw Self.missing(missing) }
    }

    /// 422 for a list longer than the web form takes.
    static func tooMany(_ field: String) -> APIProblem {
        APIProblem.invalid([.init(field: field, message: "\(field) holds at most \(maximumRows) entries.")])
    }

    /// `make`'s entry, or 422 listing each field Core's rules find at fault.
    static func checked<Entry>(_ make: () throws(EntryProblems) -> Entry) throws(APIProblem) -> Entry {
        do {
            return try make()
        } catch {
            throw APIProblem.invalid(EntryProblemFields.fields(error))
        }
    }

    /// 201 with `value` and its address.
    static func created(_ value: some Encodable, at path: String) throws -> Response {
        var response = try APIJSON.response(value)
        response.status = .created
        response.headers[.location] = path
        return response
    }

    /// The id in the path parameter `name`; 404 when it is not one.
    static func id(_ context: APIRequestContext, _ name: String, noun: String) throws(APIProblem) -> UUID {
        guard let id = context.parameters.get(name).flatMap(UUID.init(uuidString:)) else { throw notFound(noun) }
        return id
    }

    static func notFound(_ noun: String) -> APIProblem {
        APIProblem(status: .notFound, detail: "There is no such \(noun) of yours; it may have been deleted. List them to find its id.")
    }

    func workout(_ context: APIRequestContext) async throws -> Workout {
        let id = try Self.id(context, "workout", noun: "workout")
        guard let workout = try await repository.workout(id: id, userID: context.user.id) else { throw Self.notFound("workout") }
        return workout
    }

    func meal(_ context: APIRequestContext) async throws -> FoodEntry {
        let id = try Self.id(context, "meal", noun: "meal")
        guard let meal = try await repository.foodEntry(id: id, userID: context.user.id) else { throw Self.notFound("meal") }
        return meal
    }

    func dailyLog(_ context: APIRequestContext) async throws -> DailyLog {
        let id = try Self.id(context, "dailyLog", noun: "check-in")
        guard let log = try await repository.dailyLog(id: id, userID: context.user.id) else { throw Self.notFound("check-in") }
        return log
    }

    /// Deletes the member's entry named by the path parameter (it can be put back from the web history for a while).
    func delete(_ kind: HistoryKind, parameter: String, _ context: APIRequestContext) async throws -> Response {
        let noun = kind.singular.lowercased()
        let id = try Self.id(context, parameter, noun: noun)
        let at = now()
        _ = try await repository.purgeDeletedEntries(before: at.addingTimeInterval(-EntryUndo.keptSeconds))
        guard try await repository.deleteEntry(EntryReference(kind: kind, id: id), userID: context.user.id, at: at) != nil else {
            throw Self.notFound(noun)
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
