public import Foundation

/// How long a deleted entry can be put back, and how long its copy is kept at most.
public enum EntryUndo {
    /// The undo's window after a delete.
    public static let seconds: TimeInterval = 10
    /// The longest a deleted entry's copy is kept (the window and slack for a slow request); older copies are purged on
    /// the next delete and at start.
    public static let keptSeconds: TimeInterval = 60
}
