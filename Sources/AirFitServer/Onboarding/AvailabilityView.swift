/// The availability screen: the "add a time slot" row (as typed, with its problems) and the slots so far.
struct AvailabilityView: Sendable {
    /// A slot already added.
    struct Block: Sendable {
        let id: String
        /// "Monday, 7:00 AM – 8:00 AM".
        let label: String
    }

    let days: [Choice]
    let slotStart: String
    let slotEnd: String
    let slotErrors: [String]
    let hasSlotErrors: Bool
    let dayInvalid: Bool
    let startInvalid: Bool
    let endInvalid: Bool
    let blocks: [Block]
    let hasBlocks: Bool

    init(
        days: [Choice], slotStart: String, slotEnd: String, slotErrors: [String], dayInvalid: Bool, startInvalid: Bool,
        endInvalid: Bool, blocks: [Block]
    ) {
        self.days = days
        self.slotStart = slotStart
        self.slotEnd = slotEnd
        self.slotErrors = slotErrors
        hasSlotErrors = !slotErrors.isEmpty
        self.dayInvalid = dayInvalid
        self.startInvalid = startInvalid
        self.endInvalid = endInvalid
        self.blocks = blocks
        hasBlocks = !blocks.isEmpty
    }
}
