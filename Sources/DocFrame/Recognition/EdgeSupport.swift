/// How well the image's edges back one outline, as `DocumentLocator.edgeSupport(of:in:)`
/// measures it on the locator's working copy.
struct EdgeSupport: Sendable, Equatable {
    /// The share of the outline with an edge running along it.
    var support: Double
    /// The weakest side's share.
    var weakest: Double

    /// One figure for choosing between outlines of the same document: the share backed,
    /// weighted 0.75, and the weakest side, 0.25. The weakest side counts because a finger or
    /// a cut-off side lowers one side of the true outline, while an inner box or a printed rule
    /// sits on lines that run along only part of a side; every choice between two outlines
    /// (located against template-placed, placed again, aligned, rematched) weighs them alike.
    var score: Double { 0.75 * support + 0.25 * weakest }
}
