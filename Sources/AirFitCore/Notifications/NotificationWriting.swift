/// Words a notification in the coach's voice; the templates' text is the fallback.
public protocol NotificationWriting: Sendable {
    /// The message for `notification` in the member's coach's voice, or `nil` to keep the template's.
    func body(for notification: CoachNotification, member: NotificationMember) async -> String?
}
