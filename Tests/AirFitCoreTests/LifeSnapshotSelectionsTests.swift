import AirFitCore
import Foundation
import Testing

@Suite("LifeSnapshotSelections")
struct LifeSnapshotSelectionsTests {
    typealias Item = LifeSnapshotSelections.Item

    @Test("Items have the spec's identifiers and display names, in display order")
    func items() {
        #expect(
            Item.allCases.map(\.rawValue) == [
                "busy_professional", "parent_caregiver", "student", "shift_worker", "travel_frequently", "work_from_home",
                "recovering", "new_to_fitness",
            ])
        #expect(
            Item.allCases.map(\.displayName) == [
                "Busy Professional", "Parent/Caregiver", "Student", "Shift Worker", "Travel Frequently", "Work From Home",
                "Recovering from Injury/Illness", "New to Fitness",
            ])
    }

    @Test("A new selection is empty")
    func emptyByDefault() {
        let selections = LifeSnapshotSelections()
        #expect(selections.selected.isEmpty)
        #expect(selections.selectedItems.isEmpty)
    }

    @Test("Setting one item through the subscript selects exactly that item", arguments: Item.allCases)
    func subscriptSelectsOne(item: Item) {
        var selections = LifeSnapshotSelections()
        selections[item] = true
        #expect(selections.selected == [item])
        #expect(selections.selectedItems == [item.displayName])
        for other in Item.allCases where other != item { #expect(selections[other] == false) }
        selections[item] = false
        #expect(selections == LifeSnapshotSelections())
    }

    @Test("Selected items come back in display order whatever order they were picked in")
    func displayOrder() {
        var selections = LifeSnapshotSelections()
        selections[.newToFitness] = true
        selections.student = true
        selections[.busyProfessional] = true
        #expect(selections.selected == [.busyProfessional, .student, .newToFitness])
        #expect(selections.selectedItems == ["Busy Professional", "Student", "New to Fitness"])
    }

    @Test("Selections survive a JSON round trip")
    func codable() throws {
        var selections = LifeSnapshotSelections()
        selections.shiftWorker = true
        selections.recovering = true
        let data = try JSONCoding.encoder.encode(selections)
        #expect(try JSONCoding.decoder.decode(LifeSnapshotSelections.self, from: data) == selections)
    }
}
