/// A place to save as posted: a search result's hidden fields, or the coordinates typed (or filled in by
/// "Use my location"). The numbers are read and checked by Core's `LocationRule`.
struct LocationForm: Decodable {
    @FormText var latitude: String?
    @FormText var longitude: String?
    @FormText var name: String?
}

/// The place search as sent by the page's GET form (`?q=Berlin`): read from the query string as a form, so a
/// space typed as `+` is a space.
struct LocationSearch: Decodable {
    @FormText var q: String?
}
