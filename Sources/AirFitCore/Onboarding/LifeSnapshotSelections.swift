import Foundation

/// The "Life Snapshot" answers: which situations shape the person's week.
public struct LifeSnapshotSelections: Codable, Sendable, Equatable {
    public var busyProfessional = false
    public var parentCaregiver = false
    public var student = false
    public var shiftWorker = false
    public var travelFrequently = false
    public var workFromHome = false
    public var recovering = false
    public var newToFitness = false

    /// Creates an empty selection.
    public init() {}

    /// One selectable situation, with its stable identifier and display name.
    public enum Item: String, CaseIterable, Codable, Sendable {
        case busyProfessional = "busy_professional"
        case parentCaregiver = "parent_caregiver"
        case student
        case shiftWorker = "shift_worker"
        case travelFrequently = "travel_frequently"
        case workFromHome = "work_from_home"
        case recovering
        case newToFitness = "new_to_fitness"

        /// The label a person reads.
        public var displayName: String {
            switch self {
            case .busyProfessional: return "Busy Professional"
            case .parentCaregiver: return "Parent/Caregiver"
            case .student: return "Student"
            case .shiftWorker: return "Shift Worker"
            case .travelFrequently: return "Travel Frequently"
            case .workFromHome: return "Work From Home"
            case .recovering: return "Recovering from Injury/Illness"
            case .newToFitness: return "New to Fitness"
            }
        }

        var keyPath: WritableKeyPath<LifeSnapshotSelections, Bool> {
            switch self {
            case .busyProfessional: return \.busyProfessional
            case .parentCaregiver: return \.parentCaregiver
            case .student: return \.student
            case .shiftWorker: return \.shiftWorker
            case .travelFrequently: return \.travelFrequently
            case .workFromHome: return \.workFromHome
            case .recovering: return \.recovering
            case .newToFitness: return \.newToFitness
            }
        }
    }

    /// Reads or writes one item.
    public subscript(item: Item) -> Bool {
        get { self[keyPath: item.keyPath] }
        set { self[keyPath: item.keyPath] = newValue }
    }

    /// The selected items, in display order.
    public var selected: [Item] { Item.allCases.filter { self[$0] } }

    /// Display names of the selected items (the spec's `selectedItems`).
    public var selectedItems: [String] { selected.map(\.displayName) }
}
