/// Every string a capture front end shows, by identity. Sentences are whole per kind (and per
/// pairing of kinds for `wrongDocument`): Spanish and French differ in gender and articles, so
/// nouns are never glued into sentences.
public enum MessageID: Hashable, Sendable, CaseIterable {
    /// An instruction for a capture of `asked` (driversLicense, passport or idCard). `wrongDocument`
    /// and `unusable` have their own cases because their wording depends on what was shown.
    case instruction(InstructionKey, asked: DocumentKind)
    /// "This looks like a passport, please use your license instead".
    case wrongDocument(shown: DocumentKind, asked: DocumentKind)
    /// "Health cards can't be used, please use a different ID".
    case unusableHealthCard
    /// "This document can't be used, please use a different ID" (any other unusable document).
    case unusableDocument
    /// The kind's name, used as a label and in the chooser: "Driver's license", "Health card".
    case kindName(DocumentKind)
    /// The other screens: chooser, camera access, tips, manual shutter.
    case screen(ScreenText)

    /// The kinds a user can choose to capture (a health card is never asked for).
    public static let capturableKinds: [DocumentKind] = [.driversLicense, .passport, .idCard]

    /// Every message that must exist in every language (the catalog test walks this list).
    public static var allCases: [MessageID] {
        var ids: [MessageID] = []
        for asked in capturableKinds {
            for key in InstructionKey.allCases where key != .wrongDocument && key != .unusable && key.applies(toCaptureOf: asked) {
                ids.append(.instruction(key, asked: asked))
            }
            for shown in capturableKinds where shown != asked {
                ids.append(.wrongDocument(shown: shown, asked: asked))
            }
        }
        ids += [.unusableHealthCard, .unusableDocument]
        ids += DocumentKind.allCases.map { .kindName($0) }
        ids += ScreenText.allCases.map { .screen($0) }
        return ids
    }
}

/// Strings of the screens around the camera (DESIGN.md, Messages: "Also").
public enum ScreenText: String, Sendable, CaseIterable {
    case chooserTitle
    case cameraAccessOff
    case openSettings
    case tipsTitle
    case tipFindGoodLight
    case tipAvoidGlare
    case tipFillFrame
    case tipHoldStill
    case tipStillStuck
    case manualShutter
}
