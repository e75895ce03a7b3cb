import AirFitCore
import Foundation
import Testing

@Suite("Usage plan form")
struct UsagePlanTests {
    @Test(
        "The admin's budget text reads as tokens, or unlimited",
        arguments: [
            ("", nil), ("  ", nil), ("unlimited", nil), ("Unlimited", nil), ("200000", 200_000), ("200,000", 200_000),
            ("1_000_000", 1_000_000), ("200k", 200_000), ("200K", 200_000), ("2M", 2_000_000), ("1.5M", 1_500_000),
            ("1.5k", 1_500), (" 50k ", 50_000), ("1000", 1_000), ("1000000000000", 1_000_000_000_000), ("1000000M", 1_000_000_000_000),
        ] as [(String, Int?)]
    )
    func budgets(text: String, tokens: Int?) throws {
        let (name, budget) = try UsagePlan.validated(name: "  Family  ", budget: text)
        #expect(name == "Family")
        #expect(budget == tokens)
    }

    @Test(
        "Budget text that is not a number is refused naming the field",
        arguments: [
            "abc", "12x", "-5000", "1.5", "1.0005k", "k", "2 M tokens", ",1000", "1e6", "0x1000", "99999999999999999999999", "1.2.3M",
        ]
    )
    func notANumber(text: String) {
        #expect(throws: UsagePlanError.budgetNotANumber) { try UsagePlan.validated(name: "Family", budget: text) }
        #expect(UsagePlanError.budgetNotANumber.errorDescription?.hasPrefix("Monthly token budget:") == true)
    }

    @Test("A budget below 1,000 or above a trillion tokens is refused", arguments: ["999", "0", "1000000000001", "2000000M"])
    func outOfRange(text: String) {
        #expect(throws: UsagePlanError.budgetOutOfRange) { try UsagePlan.validated(name: "Family", budget: text) }
    }

    @Test("A plan needs a name of 1 to 60 characters")
    func names() throws {
        #expect(throws: UsagePlanError.nameMissing) { try UsagePlan.validated(name: "   ", budget: nil) }
        #expect(throws: UsagePlanError.nameTooLong) { try UsagePlan.validated(name: String(repeating: "a", count: 61), budget: nil) }
        #expect(throws: UsagePlanError.nameTooLong) { try UsagePlan.validated(name: "a\u{7}b", budget: nil) }
        #expect(try UsagePlan.validated(name: String(repeating: "é", count: 60), budget: nil).name.count == 60)
        #expect(UsagePlanError.nameMissing.errorDescription?.hasPrefix("Plan name:") == true)
    }
}
