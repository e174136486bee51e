import Foundation

extension ProviderSync {
    /// The searches of `type`: the override's search parameters, else the granted scope's query restrictions
    /// (`[nil]`: the whole type).
    static func queries(_ type: String, connection: ProviderConnection, restrictions: [String?]) -> [String?] {
        connection.searchParameters?[type].map { $0.map(Optional.some) } ?? restrictions
    }

    /// The key of a search's checkpoint (the server time to ask from next time).
    static func checkpointKey(_ type: String, _ query: String?) -> String { type + "?" + (query ?? "") }

    /// The first page of a search of `type` for the connection's patient, with `query` and changes since `since`.
    static func searchURL(_ type: String, query: String?, since: String?, connection: ProviderConnection, pageSize: Int) -> URL? {
        var text = FHIRURL.join(connection.fhirBase, type).absoluteString + "?patient=" + FormBody.escape(connection.patientID)
            + "&_count=\(pageSize)"
        if let query, !query.isEmpty { text += "&" + query }
        if let since { text += "&_lastUpdated=gt" + FormBody.escape(since) }
        return URL(string: text)
    }

    /// The searches a sync of `connection` will run, in order, as its grant and checkpoints stand when it starts.
    func plannedSearches(_ connection: ProviderConnection, capabilities: ServerCapabilities, full: Bool) -> [SearchLookahead.Planned] {
        var plan: [SearchLookahead.Planned] = []
        for type in Self.resourceTypes {
            guard let restrictions = connection.granted.searchRestrictions(type), capabilities.serves(type) else { continue }
            for query in Self.queries(type, connection: connection, restrictions: restrictions) {
                let since = !full && capabilities.supportsLastUpdated(type) ? connection.checkpoints[Self.checkpointKey(type, query)] : nil
                if let url = Self.searchURL(type, query: query, since: since, connection: connection, pageSize: pageSize) {
                    plan.append(.init(url: url, type: type))
                }
            }
        }
        return plan
    }
}
