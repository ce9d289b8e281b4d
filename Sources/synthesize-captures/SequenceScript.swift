/// A sequence script: `segment:seconds` items separated by commas (DESIGN.md).
struct SequenceScript {
    enum Segment: String, CaseIterable {
        case empty, front, back
        case shakyFront = "shaky_front"
        case glareFront = "glare_front"
        case upsideDownFront = "upside_down_front"
        case farFront = "far_front"
        case passport
        case healthCard = "health_card"

        /// Which physical document the segment shows (nil: none).
        var card: String? {
            switch self {
            case .empty: nil
            case .passport: "passport"
            case .healthCard: "health"
            default: "main"
            }
        }
    }

    struct ScriptError: Error {
        let message: String
    }

    let items: [(segment: Segment, seconds: Double)]

    var duration: Double { items.map(\.seconds).reduce(0, +) }

    init(_ text: String) throws {
        var items: [(Segment, Double)] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, let segment = Segment(rawValue: pieces[0]) else {
                throw ScriptError(message: "bad script item '\(part)': use segment:seconds with segments \(Segment.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let seconds = Double(pieces[1]), seconds > 0, seconds <= 600 else {
                throw ScriptError(message: "bad duration in '\(part)': seconds from 0 to 600")
            }
            items.append((segment, seconds))
        }
        guard !items.isEmpty else { throw ScriptError(message: "the script is empty") }
        self.items = items
    }
}
