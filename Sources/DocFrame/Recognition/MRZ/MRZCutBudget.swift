import Foundation

/// How many MRZ line cuts (one Tesseract read of one text line) one image may cost, over every
/// search made in it: the flattened outline, the passport scout, the page placed from a zone
/// and the whole-photo search.
///
/// Each search had its own bound, and they add up: a motion-blurred card turned upside down,
/// whose zone reads as nothing from any cut, went through all of them (74 zone reads, 34 s).
/// The searches read their best candidates first (the outline's zone, upright and each other
/// way up, before further binarisations), so what the budget cuts off is the long tail of
/// cuts that never read valid.
///
/// One budget serves one image; it may be shared across threads (it is locked).
public final class MRZCutBudget: @unchecked Sendable {
    /// Line cuts per image. Measured on dev captures (passports of four states and TD1 card
    /// backs, every capture condition; seeds apart from the evaluation set's): no valid reading
    /// was lost at 120, where 60 lost some (a zone read valid only in the page placed from it,
    /// after the photo's own cuts; a cut-off card whose outline's zone read as nothing),
    /// and the costliest images had read over 65 zone cuts (130 to 190 line cuts).
    /// `DOCFRAME_DEBUG_MRZ_BUDGET=N` sets it for measuring (development only).
    public static let perImage = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_MRZ_BUDGET"].flatMap { Int($0) } ?? 120

    /// The cuts allowed.
    public let limit: Int
    /// What the image's searches measured of it, for its other searches (`MRZLineMemo`).
    let memo = MRZLineMemo()
    private let lock = NSLock()
    private var taken = 0

    public init(limit: Int = MRZCutBudget.perImage) {
        self.limit = max(0, limit)
    }

    /// Line cuts read so far.
    public var spent: Int {
        lock.lock()
        defer { lock.unlock() }
        return taken
    }

    /// Whether no cut is left.
    public var isSpent: Bool { spent >= limit }

    /// Takes one cut; false (and nothing taken) when none is left.
    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard taken < limit else { return false }
        taken += 1
        return true
    }
}
