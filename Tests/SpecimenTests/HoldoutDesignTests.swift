import DocFrame
import Foundation
import Testing
@testable import Specimens

/// The held-out designs stand in for documents DocFrame has never seen: they must render like
/// the built-in ones (same sidecar contract, stable artwork) yet never leak into `--list`, and
/// look clearly unlike every built-in design and each other.
@Suite struct HoldoutDesignTests {
    @Test func theHeldOutDesignsAreSeparateFromTheBuiltInOnes() {
        let holdout = DesignCatalog.holdoutIds
        #expect(holdout.count >= 3)
        #expect(Set(holdout).count == holdout.count)
        #expect(Set(holdout).isDisjoint(with: DesignCatalog.ids))
        for id in ["ca-ab-dl", "ca-ns-id", "ca-mb-health"] { #expect(holdout.contains(id)) }
        // Every built-in template id the DESIGN table names is outside the held-out set.
        for id in SpecimenRenderTests.cardDesigns { #expect(!holdout.contains(id)) }
        for id in holdout { #expect(DesignCatalog.info(id) != nil) }
    }

    @Test func everyHeldOutSideRendersWithTheFullSidecar() throws {
        let expected: [String: (DocumentKind, String, DocumentPolicy)] = [
            "ca-ab-dl": (.driversLicense, "CA-AB", .accepted),
            "ca-ns-id": (.idCard, "CA-NS", .accepted),
            "ca-mb-health": (.healthCard, "CA-MB", .unusable),
        ]
        for id in DesignCatalog.holdoutIds {
            let info = try #require(DesignCatalog.info(id))
            if let (kind, jurisdiction, policy) = expected[id] {
                #expect(info.kind == kind && info.jurisdiction == jurisdiction && info.policy == policy, "\(id)")
            }
            #expect(info.sides == [.front, .back])
            for side in info.sides {
                let specimen = try SpecimenRenderer.render(design: id, side: side, seed: 11)
                let image = try Image(encoded: specimen.png)
                #expect(image.width == 1012 && image.height == 638, "\(id) \(side)")
                guard case .object(let members) = specimen.sidecar else {
                    Issue.record("sidecar is not an object")
                    continue
                }
                #expect(members.map(\.0) == SpecimenRenderTests.sidecarKeys)
                let sidecar = Dictionary(uniqueKeysWithValues: members)
                #expect(sidecar["templateId"] == .string("\(id)-\(side.rawValue)"))
                #expect(sidecar["label"] == .string(info.label))
                #expect(sidecar["kind"] == .string(info.kind.rawValue))
                #expect(sidecar["jurisdiction"] == .string(info.jurisdiction))
                #expect(sidecar["policy"] == .string(info.policy.rawValue))
                #expect(sidecar["cornerRadius"] == .number(38))
                #expect(sidecar["mrz"] == .null)
                let regions = Dictionary(uniqueKeysWithValues: specimen.regions)
                let header = try #require(regions["header"], "\(id) \(side) header")
                // The title sits in the top part of the card, where template training reads it.
                #expect(header.y < 200 && header.w > 200, "\(id) \(side) header \(header)")
                for (name, rect) in specimen.regions {
                    #expect(rect.x >= 0 && rect.y >= 0 && rect.maxX <= 1013 && rect.maxY <= 639, "\(id) \(side) \(name)")
                }
                for (name, _) in specimen.fields { #expect(regions[name] != nil, "\(id) \(side) region for \(name)") }
                #expect(specimen.fields.contains { $0.0 == "documentNumber" }, "\(id) \(side) shows its number")
                if side == .front {
                    let names = Set(specimen.fields.map(\.0))
                    for key in ["surname", "givenNames", "birthDate", "documentNumber", "expiryDate"] {
                        #expect(names.contains(key), "\(id) front shows \(key)")
                    }
                    for (name, value) in specimen.fields where name.hasSuffix("Date") {
                        #expect(value.count == 10 && value.dropFirst(4).first == "-", "\(id) \(name) is ISO")
                    }
                }
                SpecimenRenderTests.expectFieldsApart(specimen)
            }
        }
    }

    @Test(arguments: [31, 32, 33, 34])
    func printedFieldsNeverCollide(_ seed: UInt64) throws {
        for id in DesignCatalog.holdoutIds {
            for side in [DocumentSide.front, .back] {
                SpecimenRenderTests.expectFieldsApart(try SpecimenRenderer.render(design: id, side: side, seed: seed))
            }
        }
    }

    @Test func aSeedRendersBitIdenticalPNGs() throws {
        for id in DesignCatalog.holdoutIds {
            let a = try SpecimenRenderer.render(design: id, side: .front, seed: 77)
            let b = try SpecimenRenderer.render(design: id, side: .front, seed: 77)
            #expect(a.png == b.png && a.sidecar == b.sidecar, "\(id)")
            let c = try SpecimenRenderer.render(design: id, side: .front, seed: 78)
            #expect(a.png != c.png, "\(id): another seed shows another person")
        }
    }

    @Test(arguments: [("ca-ab-dl", DocumentSide.front), ("ca-ab-dl", .back), ("ca-ns-id", .front), ("ca-ns-id", .back),
                      ("ca-mb-health", .front), ("ca-mb-health", .back)])
    func theDesignIsStableAcrossSeedsWhilePersonalRegionsChange(_ id: String, _ side: DocumentSide) throws {
        try SpecimenRenderTests.expectStableDesign(id, side)
    }

    /// The acceptance checks train on designs unlike anything built in: each held-out front, at a
    /// glance (a small colour thumbnail), is far from every built-in card front and from the
    /// other held-out fronts. The closest pair among the built-in fronts sets the bar.
    @Test func heldOutFrontsLookUnlikeEveryOtherDesign() throws {
        func thumbnail(_ id: String) throws -> [Double] {
            let png = try SpecimenRenderer.render(design: id, side: .front, seed: 5).png
            return try Image(encoded: png).resized(width: 48, height: 30).packedPixels().map(Double.init)
        }
        func distance(_ a: [Double], _ b: [Double]) -> Double {
            zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(a.count)
        }
        let builtIn = try SpecimenRenderTests.cardDesigns.map { ($0, try thumbnail($0)) }
        let holdout = try DesignCatalog.holdoutIds.map { ($0, try thumbnail($0)) }
        // Ontario's licence and photo card share their artwork by design: leave that pair out.
        var builtInClosest = Double.infinity
        for (i, a) in builtIn.enumerated() {
            for b in builtIn[(i + 1)...] where !(a.0.hasPrefix("ca-on-") && b.0.hasPrefix("ca-on-") && a.0 != "ca-on-health" && b.0 != "ca-on-health") {
                builtInClosest = min(builtInClosest, distance(a.1, b.1))
            }
        }
        // The measure does catch look-alikes: the two Ontario cards sharing one artwork sit far below the bar.
        let ontario = try #require(builtIn.first { $0.0 == "ca-on-dl" }), photo = try #require(builtIn.first { $0.0 == "ca-on-photo" })
        #expect(distance(ontario.1, photo.1) < 0.5 * builtInClosest)
        for (i, h) in holdout.enumerated() {
            for other in builtIn + holdout.enumerated().filter({ $0.offset != i }).map(\.element) {
                let d = distance(h.1, other.1)
                #expect(d >= 0.8 * builtInClosest, "\(h.0) vs \(other.0): \(d), built-in pairs differ by \(builtInClosest) or more")
            }
        }
    }

    /// ISO/IEC 7810 cards have rounded corners: outside the 38 px arc the flat is painted the marker
    /// grey, inside it is card; passport pages are square.
    @Test func cardsHaveRoundedCornersAndPassportPagesDoNot() throws {
        let grey: [UInt8] = [128, 128, 128]
        for id in DesignCatalog.holdoutIds + DesignCatalog.ids {
            let info = try #require(DesignCatalog.info(id))
            let specimen = try SpecimenRenderer.render(design: id, side: .front, seed: 3)
            let image = try Image(encoded: specimen.png)
            let px = try image.packedPixels(), w = image.width, h = image.height
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(3 * (y * w + x))..<(3 * (y * w + x) + 3)]) }
            let outside = [(1, 1), (9, 9), (w - 2, 1), (w - 10, 9), (w - 2, h - 2), (w - 10, h - 10), (1, h - 2), (9, h - 10)]
            let inside = [(20, 20), (w - 21, 20), (w - 21, h - 21), (20, h - 21), (1, h / 2), (w / 2, 1)]
            if info.format == .id1 {
                #expect(specimen.sidecar.member("cornerRadius") == .number(38))
                for (x, y) in outside { #expect(pixel(x, y) == grey, "\(id) corner pixel \(x),\(y)") }
                for (x, y) in inside { #expect(pixel(x, y) != grey, "\(id) card pixel \(x),\(y)") }
            } else {
                #expect(specimen.sidecar.member("cornerRadius") == .number(0))
                #expect(pixel(1, 1) != grey, "\(id) square page")
            }
        }
    }
}
