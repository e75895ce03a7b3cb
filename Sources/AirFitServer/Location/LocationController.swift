import AirFitCore
import AirFitWeather
import Foundation
import Hummingbird

/// Settings → Location & weather: the place the coach's weather is for, found by name (Open-Meteo's keyless
/// geocoding), from the browser's position, or typed as coordinates, always kept to two decimals (about 1 km);
/// cleared; and the keys for the weather providers that need one.
///
/// A GET only reads: a search sends the typed name to the geocoder and nothing else. Every change is a POST.
struct LocationController: Sendable {
    let repository: any AirFitRepository
    /// Finds places by name; nil on a server without place search (coordinates and "Use my location" still work).
    let places: (any PlaceSearching)?
    let weatherKeys: WeatherKeys
    let views: Views

    /// The page's address.
    static let path = "/settings/location"
    /// The page's title and heading.
    static let title = "Location & weather"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            var page = try await page(for: signed.user)
            page.notices = Self.notices(request.uri.queryParameters)
            let search = try FormDecoding.decode(LocationSearch.self, from: request.uri.query ?? "")
            guard let query = search.q else { return render(page, signed: signed) }
            page.query = TextInput.clean(query, singleLine: true)
            guard let places else {
                return render(page, signed: signed, problems: ["Place search is not available on this server: enter coordinates instead."])
            }
            do {
                page.show(try await places.search(page.query))
            } catch let error as PlaceSearchError {
                let status: HTTPResponse.Status = if case .invalidName = error { .unprocessableContent } else { .badGateway }
                return render(page, signed: signed, problems: [error.errorDescription ?? ""], status: status)
            }
            return render(page, signed: signed)
        }
        group.post(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(LocationForm.self)
            let location: SavedLocation
            do throws(LocationRule.Problem) {
                location = try LocationRule.location(latitudeText: form.latitude, longitudeText: form.longitude, name: form.name)
            } catch {
                // What was typed comes back in the coordinates form, so nothing is lost.
                var page = try await page(for: signed.user)
                (page.typedLatitude, page.typedLongitude, page.typedName) = (form.latitude ?? "", form.longitude ?? "", form.name ?? "")
                page.coordinatesRefused = true
                return render(page, signed: signed, problems: [error.message], status: .unprocessableContent)
            }
            var user = signed.user
            user.location = location
            if user != signed.user { try await repository.updateUser(user, from: signed.user) }
            return WebResponses.redirect("\(Self.path)?saved=1")
        }
        group.post(RouterPath("\(Self.path)/clear")) { _, context -> Response in
            let signed = context.signed
            guard signed.user.location != nil else { return WebResponses.redirect(Self.path) }
            var user = signed.user
            user.location = nil
            try await repository.updateUser(user, from: signed.user)
            return WebResponses.redirect("\(Self.path)?cleared=1")
        }
        group.post(RouterPath("\(Self.path)/keys/:provider")) { request, context -> Response in
            let signed = context.signed
            let provider = try Self.keyedProvider(context)
            let form = try await request.decodeForm(WeatherKeyForm.self)
            guard let problem = try await weatherKeys.save(form.key ?? "", provider: provider, userID: signed.user.id) else {
                return WebResponses.redirect("\(Self.path)?added=\(provider.rawValue)")
            }
            // The key typed is never sent back: the form comes back empty with the reason.
            var page = try await page(for: signed.user)
            page.refuseKey(provider)
            return render(page, signed: signed, problems: [problem], status: .unprocessableContent)
        }
        group.post(RouterPath("\(Self.path)/keys/:provider/remove")) { _, context -> Response in
            let provider = try Self.keyedProvider(context)
            let removed = try await weatherKeys.remove(provider, userID: context.signed.user.id)
            return WebResponses.redirect(removed ? "\(Self.path)?removed=\(provider.rawValue)" : Self.path)
        }
    }

    /// The page for `user` before any search or form.
    private func page(for user: User) async throws -> LocationView {
        LocationView(user: user, keys: try await weatherKeys.stored(userID: user.id), canSearch: places != nil)
    }

    private func render(
        _ page: LocationView, signed: SignedIn, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) -> Response {
        let chrome = PageChrome(csrf: signed.session.csrfToken, heading: Self.title, errors: problems)
        return views.response(page, title: Self.title, user: signed.user, chrome: chrome, status: status)
    }

    /// The notices after a redirect: saved, cleared, a key added or removed.
    static func notices(_ query: Parameters) -> [String] {
        var notices: [String] = []
        if query["saved"] != nil { notices.append("Saved. Your coach's weather is for this place now.") }
        if query["cleared"] != nil { notices.append("The saved place is gone; your coach has no weather until you set one.") }
        if let added = query["added"].flatMap({ WeatherProviderID(rawValue: String($0)) }) {
            notices.append("Saved the \(added.displayName) key.")
        }
        if let removed = query["removed"].flatMap({ WeatherProviderID(rawValue: String($0)) }) {
            notices.append("Removed the \(removed.displayName) key.")
        }
        return notices
    }

    /// The `:provider` path parameter; 404 for anything but a weather provider that takes a key.
    private static func keyedProvider(_ context: SignedInRequestContext) throws -> WeatherProviderID {
        guard let text = context.parameters.get("provider"), let provider = WeatherProviderID(rawValue: text),
            WeatherKeys.keyed.contains(provider)
        else { throw HTTPError(.notFound, message: "There is no such weather provider.") }
        return provider
    }
}
