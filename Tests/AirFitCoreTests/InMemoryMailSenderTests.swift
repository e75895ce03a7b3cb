import AirFitCore
import Testing

@Suite("In-memory mail sender")
struct InMemoryMailSenderTests {
    struct Down: Error, Equatable {}

    @Test("Keeps what was sent, finds it by recipient, and can be made to fail")
    func keepsAndFails() async throws {
        let sender = InMemoryMailSender()
        let message = MailMessage(
            from: MailAddress("coach@airfit.example"), to: MailAddress("Ana@Example.com"), subject: "Hi", text: "Link: https://x/t/TOKEN")
        try await sender.send(message)
        #expect(await sender.sent == [message])
        #expect(await sender.messages(to: "ana@example.com") == [message])
        await sender.failSends(with: Down())
        await #expect(throws: Down.self) { try await sender.send(message) }
        #expect(await sender.sent.count == 1)
        #expect(!"\(message)".contains("TOKEN") && !"\(message)".contains("Ana@"), "descriptions hide the body and the address")
        #expect(message.to.domain == "example.com")
    }
}
