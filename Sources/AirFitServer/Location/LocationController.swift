import AirFitCore
import Foundation
import Hummingbird

/// Settings → Location & weather: the place the coach's weather is for, found by name, taken from the browser
/// (rounded to about a kilometre before it is stored), or none.
struct LocationController: Sendable {
    let repository: any AirFitRepository
    let places: (any PlaceSearching)?
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings/location") { request, context -> Response in
            let signed = context.signed
            let query = request.uri.queryParameters
            var page = LocationView(saved: signed.user.location, canSearch: places != nil)
            var chrome = PageChrome(
                csrf: signed.session.csrfToken, heading: "Location & weather", saved: query["saved"] != nil)
            // Looking a name up sends only that name to the geocoder and changes nothing: a GET.
            if let text = query["q"].map(String.init), let places {
                page.query = text
                do {
                    page.results = try await places.search(text).map(LocationView.Result.init)
                    page.searched = true
                } catch let error as PlaceSearchError {
                    chrome.errors = [error.errorDescription ?? "Place search failed."]
                }
            }
            if query["cleared"] != nil { page.cleared = true }
            return views.response(page, title: "Location & weather", user: signed.user, chrome: chrome)
        }
        group.post("/settings/location") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(LocationForm.self)
            let location: SavedLocation
            do {
                guard let latitude = LocationForm.number(form.latitude), let longitude = LocationForm.number(form.longitude) else {
                    throw LocationRule.Problem(message: "The place's coordinates are missing. Search again, or use your location.")
                }
                location = try LocationRule.location(latitude: latitude, longitude: longitude, name: form.name)
            } catch let problem as LocationRule.Problem {
                let page = LocationView(saved: signed.user.location, canSearch: places != nil)
                let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Location & weather", errors: [problem.message])
                return views.response(page, title: "Location & weather", user: signed.user, chrome: chrome, status: .unprocessableContent)
            }
            var edited = signed.user
            edited.location = location
            try await repository.updateUser(edited, from: signed.user)
            return WebResponses.redirect("/settings/location?saved=1")
        }
        group.post("/settings/location/clear") { _, context -> Response in
            let signed = context.signed
            var edited = signed.user
            edited.location = nil
            try await repository.updateUser(edited, from: signed.user)
            return WebResponses.redirect("/settings/location?cleared=1")
        }
    }
}

/// The location form: a place's coordinates and name (from a search result or the browser).
struct LocationForm: Decodable {
    @FormText var latitude: String?
    @FormText var longitude: String?
    @FormText var name: String?

    /// A number as typed or sent (at most 32 characters); Core's rule then checks it is finite and in range.
    static func number(_ text: String?) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.count <= 32 else { return nil }
        return Double(text)
    }
}
