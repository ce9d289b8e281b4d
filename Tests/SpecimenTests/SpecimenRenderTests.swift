import DocFrame
import Foundation
import Testing
@testable import Specimens

/// What every consumer of the renderer relies on: canonical sizes, the sidecar contract,
/// determinism, and a stable design under varying personal data.
@Suite struct SpecimenRenderTests {
    static let cardDesigns = ["ca-on-dl", "ca-on-photo", "ca-on-health", "ca-qc-dl", "ca-bc-dl", "ca-pr"]
    /// The contract's keys in order, then the two the renderer appends.
    static let sidecarKeys = ["templateId", "label", "kind", "side", "jurisdiction", "size", "fields", "mrz", "regions",
                              "policy", "cornerRadius"]

    @Test func listHoldsTheBuiltInDesignsAndFourPassports() {
        let ids = DesignCatalog.ids
        for id in Self.cardDesigns { #expect(ids.contains(id)) }
        let passports = ids.filter { $0.hasPrefix("passport-") }
        #expect(passports.count >= 4)
        #expect(Set(ids).count == ids.count)
        for p in passports {
            let state = p.dropFirst("passport-".count)
            #expect(state.count == 3 && state.allSatisfy { $0.isLetter && $0.isLowercase })
        }
    }

    @Test func everyDesignAndSideRendersAtItsCanonicalSizeWithTheSidecarKeys() throws {
        for id in DesignCatalog.ids {
            let info = try #require(DesignCatalog.info(id))
            for side in info.sides {
                let specimen = try SpecimenRenderer.render(design: id, side: side, seed: 11)
                let image = try Image(encoded: specimen.png)
                #expect(image.width == info.format.canonicalWidth && image.height == info.format.canonicalHeight, "\(id) \(side)")
                guard case .object(let members) = specimen.sidecar else {
                    Issue.record("sidecar is not an object")
                    continue
                }
                #expect(members.map(\.0) == Self.sidecarKeys)
                let sidecar = Dictionary(uniqueKeysWithValues: members)
                let expectedTemplate = info.kind == .passport ? "passport" : "\(id)-\(side.rawValue)"
                #expect(sidecar["templateId"] == .string(expectedTemplate))
                #expect(sidecar["side"] == .string(side.rawValue))
                #expect(sidecar["size"] == .array([.number(Double(image.width)), .number(Double(image.height))]))
                let regions = Dictionary(uniqueKeysWithValues: specimen.regions)
                #expect(regions["header"] != nil, "\(id) \(side) header")
                #expect(regions["photo"] != nil, "\(id) \(side) photo")
                for (name, rect) in specimen.regions {
                    #expect(rect.x >= 0 && rect.y >= 0 && rect.maxX <= Double(image.width) + 1
                            && rect.maxY <= Double(image.height) + 1, "\(id) \(side) \(name) inside the image")
                }
                // Every personal field has its own region, and the fronts show the core identity.
                for (name, _) in specimen.fields { #expect(regions[name] != nil, "\(id) \(side) region for \(name)") }
                if side == .front {
                    let names = Set(specimen.fields.map(\.0))
                    for key in ["surname", "givenNames", "birthDate", "documentNumber", "expiryDate"] {
                        #expect(names.contains(key), "\(id) front shows \(key)")
                    }
                    for (name, value) in specimen.fields where name.hasSuffix("Date") {
                        #expect(value.count == 10 && value.dropFirst(4).first == "-", "\(id) \(name) is ISO")
                    }
                }
                if specimen.mrz != nil { #expect(regions["mrz"] != nil) }
                Self.expectFieldsApart(specimen)
            }
        }
    }

    /// Printed fields never collide (a long name or date running into the next field).
    static func expectFieldsApart(_ specimen: Specimen) {
        let regions = Dictionary(uniqueKeysWithValues: specimen.regions)
        let boxes = specimen.fields.compactMap { f in regions[f.0].map { (f.0, $0.inset(3)) } }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let apart = a.1.maxX <= b.1.x || b.1.maxX <= a.1.x || a.1.maxY <= b.1.y || b.1.maxY <= a.1.y
                #expect(apart, "\(specimen.stem): \(a.0) overlaps \(b.0)")
            }
        }
    }

    @Test(arguments: [21, 22, 23])
    func printedFieldsNeverCollide(_ seed: UInt64) throws {
        for id in DesignCatalog.ids {
            Self.expectFieldsApart(try SpecimenRenderer.render(design: id, side: .front, seed: seed))
        }
    }

    @Test func aSeedRendersBitIdenticalPNGs() throws {
        for (id, side) in [("ca-on-dl", DocumentSide.front), ("passport-uto", .front), ("ca-pr", .back)] {
            let a = try SpecimenRenderer.render(design: id, side: side, seed: 424_242)
            let b = try SpecimenRenderer.render(design: id, side: side, seed: 424_242)
            #expect(a.png == b.png)
            #expect(a.sidecar == b.sidecar)
        }
        let other = try SpecimenRenderer.render(design: "ca-on-dl", side: .front, seed: 424_243)
        #expect(other.png != (try SpecimenRenderer.render(design: "ca-on-dl", side: .front, seed: 424_242)).png)
    }

    @Test func bothSidesOfASeedShowTheSamePerson() throws {
        let front = try SpecimenRenderer.render(design: "ca-pr", side: .front, seed: 99)
        let back = try SpecimenRenderer.render(design: "ca-pr", side: .back, seed: 99)
        let surname = try #require(front.fields.first { $0.0 == "surname" }?.1)
        let line3 = try #require(back.mrz?.last)
        #expect(line3.hasPrefix(MRZComposer.transliterate(surname) + "<<"))
    }

    @Test func aPassportHasNoBack() {
        #expect(throws: DocFrameError.self) { try SpecimenRenderer.render(design: "passport-uto", side: .back, seed: 1) }
        #expect(throws: DocFrameError.self) { try SpecimenRenderer.render(design: "no-such-design", side: .front, seed: 1) }
    }

    /// Template training keeps what recurs across samples: outside the personal regions two seeds
    /// must render the same pixels, inside them they must differ.
    @Test(arguments: [("ca-on-dl", DocumentSide.front), ("ca-qc-dl", .back), ("passport-orv", .front)])
    func theDesignIsStableAcrossSeedsWhilePersonalRegionsChange(_ id: String, _ side: DocumentSide) throws {
        try Self.expectStableDesign(id, side)
    }

    static func expectStableDesign(_ id: String, _ side: DocumentSide) throws {
        let a = try SpecimenRenderer.render(design: id, side: side, seed: 1)
        let b = try SpecimenRenderer.render(design: id, side: side, seed: 2)
        let pa = try Image(encoded: a.png).packedPixels(), pb = try Image(encoded: b.png).packedPixels()
        let w = a.width, h = a.height
        var personal = [Bool](repeating: false, count: w * h)
        let margin = 4
        for (name, rect) in a.regions + b.regions where name != "header" {
            let box = rect.pixelBox
            for y in max(0, box[1] - margin)..<min(h, box[1] + box[3] + margin) {
                for x in max(0, box[0] - margin)..<min(w, box[0] + box[2] + margin) { personal[y * w + x] = true }
            }
        }
        var outsideDiffer = 0, insideDiffer = 0, inside = 0
        for i in 0..<(w * h) {
            let differs = pa[3 * i] != pb[3 * i] || pa[3 * i + 1] != pb[3 * i + 1] || pa[3 * i + 2] != pb[3 * i + 2]
            if personal[i] {
                inside += 1
                if differs { insideDiffer += 1 }
            } else if differs {
                outsideDiffer += 1
            }
        }
        #expect(outsideDiffer == 0, "\(id) \(side): \(outsideDiffer) design pixels changed with the seed")
        #expect(Double(insideDiffer) > 0.2 * Double(inside), "\(id) \(side): personal regions barely changed")
    }
}
