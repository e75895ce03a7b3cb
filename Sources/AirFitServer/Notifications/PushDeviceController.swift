import AirFitCore
import AirFitPush
import Foundation
import Hummingbird

/// Web Push devices, from Settings → Notifications: `GET /push/key` (the server's public key, for subscribing),
/// `POST /settings/notifications/devices` (this browser's subscription, posted by `push.js`) and
/// `POST /settings/notifications/devices/:device/remove`.
struct PushDeviceController: Sendable {
    let devices: any PushDeviceRepository
    let push: PushSetup?
    let now: @Sendable () -> Date

    static let settingsPath = "/settings/notifications"

    /// The subscription `push.js` posts.
    struct DeviceForm: Decodable {
        var endpoint: String?
        var p256dh: String?
        var auth: String?
    }

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/push/key") { _, _ -> Response in
            guard let push else { throw HTTPError(.notFound, message: "Push notifications aren't set up on this server.") }
            return WebResponses.json(#"{"publicKey":\#(JSONText.quoted(push.publicKey))}"#)
        }
        group.post(RouterPath("\(Self.settingsPath)/devices")) { request, context -> Response in
            let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
            let form = try await request.decodeForm(DeviceForm.self)
            guard let push else { return Self.problem("Push notifications aren't set up on this server.", status: .notFound) }
            let subscription: PushSubscription
            do throws(PushError) {
                subscription = try PushSubscription(endpoint: form.endpoint ?? "", p256dh: form.p256dh ?? "", auth: form.auth ?? "")
            } catch {
                return Self.problem(
                    error.errorDescription ?? "This browser's push subscription can't be used.", status: .unprocessableContent)
            }
            guard push.policy.allows(subscription.endpoint) else {
                return Self.problem(
                    "This browser's push service isn't one AirFit sends to (Google, Mozilla, Apple or Microsoft).",
                    status: .unprocessableContent)
            }
            let device = PushDevice(
                userID: context.signed.user.id, endpoint: subscription.endpoint.absoluteString, p256dh: form.p256dh ?? "",
                auth: form.auth ?? "", name: DeviceName.from(userAgent: request.headers[.userAgent]) ?? "A browser", createdAt: now())
            try await devices.savePushDevice(device)
            if wantsJSON { return WebResponses.json(#"{"id":"\#(device.id.uuidString.lowercased())"}"#, status: .created) }
            return WebResponses.redirect(Self.settingsPath)
        }
        group.post(RouterPath("\(Self.settingsPath)/devices/:device/remove")) { _, context -> Response in
            guard let id = context.parameters.get("device").flatMap(UUID.init(uuidString:)),
                try await devices.removePushDevice(id: id, userID: context.signed.user.id)
            else { throw HTTPError(.notFound, message: "That device isn't one of yours.") }
            return WebResponses.redirect("\(Self.settingsPath)?removed=1")
        }
    }

    private static func problem(_ message: String, status: HTTPResponse.Status) -> Response {
        WebResponses.json(#"{"error":\#(JSONText.quoted(message))}"#, status: status)
    }
}
