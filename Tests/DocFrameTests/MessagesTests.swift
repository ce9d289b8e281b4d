import Foundation
import Testing
@testable import DocFrame

@Suite("Messages catalog")
struct MessagesTests {
    @Test("every message exists in every language, for every kind variant", arguments: Language.allCases)
    func complete(language: Language) {
        for id in MessageID.allCases {
            let text = Messages.rawText(id, language: language)
            #expect(text != nil, "\(id) lacks \(language)")
            #expect(text?.trimmingCharacters(in: .whitespaces).isEmpty == false, "\(id) is empty in \(language)")
        }
    }

    @Test("the catalog covers every instruction of every capturable kind")
    func variants() {
        let ids = Set(MessageID.allCases)
        for asked in MessageID.capturableKinds {
            for key in InstructionKey.allCases {
                let instruction = Messages(language: .en).instruction(key, asked: asked, shown: .idCard)
                #expect(!instruction.text.isEmpty)
                if key != .wrongDocument && key != .unusable && key.applies(toCaptureOf: asked) {
                    #expect(ids.contains(.instruction(key, asked: asked)))
                }
            }
        }
        // 13 instruction rows for each card kind, 10 for passports; 6 wrong-document pairings;
        // 2 unusable; 4 kind names; 10 screen strings.
        #expect(MessageID.allCases.count == 13 + 13 + 10 + 6 + 2 + 4 + 10)
        #expect(ids.count == MessageID.allCases.count, "no id listed twice")
    }

    @Test("Spanish and French are translations, not copies of the English", arguments: [Language.es, .fr])
    func translated(language: Language) {
        let copies = MessageID.allCases.filter { id in
            Messages.rawText(id, language: language) == Messages.rawText(id, language: .en)
        }
        // "Passport" is "Pasaporte"/"Passeport": nothing may stay English.
        #expect(copies.isEmpty, "untranslated: \(copies)")
    }

    @Test("English instruction rows are DESIGN.md's words exactly")
    func englishMatchesDesign() throws {
        let design = try String(contentsOfFile: Self.designPath, encoding: .utf8)
        let rows = Self.tableRows(design, header: "| key | license | passport | ID card |")
        #expect(rows.count >= 14)
        let en = Messages(language: .en)
        var checked = 0
        for row in rows {
            guard row.count == 4, let key = InstructionKey(rawValue: row[0]), key != .wrongDocument, key != .unusable else { continue }
            let kinds: [DocumentKind] = [.driversLicense, .passport, .idCard]
            for (i, kind) in kinds.enumerated() {
                var expected = row[i + 1]
                if expected == "(same)" { expected = row[1] }
                if expected == "–" {
                    #expect(!key.applies(toCaptureOf: kind))
                    continue
                }
                #expect(en.instruction(key, asked: kind).text == expected, "\(key) for \(kind)")
                checked += 1
            }
        }
        #expect(checked >= 30)
        // The two-key rows and the unusable row.
        #expect(en.instruction(.frontCaptured, asked: .driversLicense).text == "Front captured")
        #expect(en.instruction(.backCaptured, asked: .idCard).text == "Back captured")
        #expect(en.instruction(.frontCaptured, asked: .passport).text == "Photo page captured")
        #expect(design.contains(en.instruction(.unusable, asked: .passport, shown: .healthCard).text))
        #expect(design.contains(en.instruction(.unusable, asked: .passport, shown: .driversLicense).text))
        #expect(en.instruction(.checking, asked: .driversLicense).text.contains("\u{2026}"))
    }

    @Test("English wrongDocument sentences are DESIGN.md's, for every pairing")
    func wrongDocumentMatchesDesign() throws {
        let design = try String(contentsOfFile: Self.designPath, encoding: .utf8)
        let rows = Self.tableRows(design, header: "| shown \\ asked | license | passport | ID card |")
        let names: [String: DocumentKind] = ["passport": .passport, "driver's license": .driversLicense, "ID card": .idCard]
        let asked: [DocumentKind] = [.driversLicense, .passport, .idCard]
        var checked = 0
        for row in rows {
            guard let shown = names[row[0]] else { continue }
            for (i, kind) in asked.enumerated() where row[i + 1] != "–" {
                #expect(Messages(language: .en).instruction(.wrongDocument, asked: kind, shown: shown).text == row[i + 1])
                checked += 1
            }
        }
        #expect(checked == 6)
    }

    @Test("kind names, chooser, camera access, tips and the manual shutter are DESIGN.md's")
    func screens() throws {
        let en = Messages(language: .en)
        #expect(DocumentKind.allCases.map(en.kindName) == ["Driver's license", "Passport", "ID card", "Health card"])
        #expect(ScreenText.allCases.map(en.screen) == [
            "Which ID will you use?", "Camera access is off", "Open Settings", "Tips for a quick scan", "Find good light",
            "Avoid glare", "Fill the frame", "Hold still", "Still stuck?", "Having trouble? Take the photo yourself",
        ])
        let design = try String(contentsOfFile: Self.designPath, encoding: .utf8)
        for text in ScreenText.allCases.map(en.screen) { #expect(design.contains("\"\(text)\"")) }
    }

    @Test("whole sentences per kind: pronouns agree with the document's gender")
    func gender() {
        let es = Messages(language: .es), fr = Messages(language: .fr)
        #expect(es.instruction(.checking, asked: .passport).text.contains("mantenlo quieto"))
        #expect(es.instruction(.checking, asked: .idCard).text.contains("mantenla quieta"))
        #expect(fr.instruction(.upsideDown, asked: .driversLicense).text.contains("remettez-le"))
        #expect(fr.instruction(.upsideDown, asked: .idCard).text.contains("remettez-la"))
        #expect(fr.instruction(.wrongDocument, asked: .passport, shown: .idCard).text.contains("une carte"))
        #expect(fr.instruction(.wrongDocument, asked: .passport, shown: .driversLicense).text.contains("un permis"))
    }

    // MARK: - DESIGN.md

    static var designPath: String {
        // Tests/DocFrameTests/MessagesTests.swift -> checkout root -> ../shared/DESIGN.md
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("../shared/DESIGN.md").standardized.path
    }

    /// The body rows of the markdown table under `header`, as trimmed cells.
    static func tableRows(_ markdown: String, header: String) -> [[String]] {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        var rows: [[String]] = []
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            rows.append(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }
}
