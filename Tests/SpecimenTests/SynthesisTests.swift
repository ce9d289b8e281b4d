import DocFrame
import Foundation
import Testing

/// The capture synthesiser, through its command line: ground truth that matches the pixels,
/// orientation, determinism, negatives and sequences.
@Suite("Capture synthesis", .serialized)
struct SynthesisTests {
    @Test("ground-truth corners land on the document, in its own order")
    func cornersLandOnTheDocument() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("corners")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "4", "--seed", "11", "--max-size", "800",
                                          "--conditions", "clean,tilt,upside_down,sideways"]) == 0)
        let card = try SynthesisFixture.card()
        for n in 1...4 {
            let base = "\(out)/test-card-front-1-\(n)"
            let json = try SynthesisFixture.sidecar(base + ".json")
            let quad = try #require(SynthesisFixture.quad(json))
            let photo = try Image(contentsOfFile: base + ".jpg")
            let flattened = try photo.warped(quad, width: SynthesisFixture.width, height: SynthesisFixture.height)
            let r = try SynthesisFixture.correlation(flattened, card)
            #expect(r > 0.85, "capture \(n) (\(json.member("conditions")?.rendered() ?? "")) correlates only \(r)")
            // The same quad read from the wrong corner (a half turn) must not match: the check can fail.
            let turned = try photo.warped(quad.rotatingLabels(by: 2), width: SynthesisFixture.width, height: SynthesisFixture.height)
            #expect(try SynthesisFixture.correlation(turned, card) < 0.5)
            // The flat sidecar's keys come first, then ours.
            #expect(json.member("templateId")?.stringValue == "ca-on-dl-front")
            #expect(json.member("fields")?.member("surname")?.stringValue == "TEST")
            #expect(json.member("negative")?.boolValue == false)
            let coverage = try #require(json.member("coverage")?.numberValue)
            #expect(coverage > 0.04 && coverage < 0.95)
        }
    }

    @Test("an upside-down capture has orientation 180 and its top-left near the image's bottom-right")
    func upsideDown() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("upside")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "3", "--conditions", "upside_down", "--max-size", "640"]) == 0)
        for n in 1...3 {
            let json = try SynthesisFixture.sidecar("\(out)/test-card-front-1-\(n).json")
            #expect(json.member("orientation")?.numberValue == 180)
            let quad = try #require(SynthesisFixture.quad(json))
            let c = quad.center
            #expect(quad.topLeft.x > c.x && quad.topLeft.y > c.y)
            #expect(quad.bottomRight.x < c.x && quad.bottomRight.y < c.y)
            #expect(json.member("conditions")?.arrayValue?.contains(.string("upside_down")) == true)
        }
        // Sideways captures are 90 or 270.
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "2", "--conditions", "sideways", "--seed", "4", "--max-size", "640"]) == 0)
        for n in 1...2 {
            let o = try SynthesisFixture.sidecar("\(out)/test-card-front-1-\(n).json").member("orientation")?.numberValue
            #expect(o == 90 || o == 270)
        }
    }

    @Test("a rolled capture turns the document 18-40 degrees in its plane, its corners still on it")
    func rolled() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("rolled")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "4", "--seed", "6", "--max-size", "800",
                                          "--conditions", "rolled"]) == 0)
        let card = try SynthesisFixture.card()
        for n in 1...4 {
            let base = "\(out)/test-card-front-1-\(n)"
            let json = try SynthesisFixture.sidecar(base + ".json")
            let quad = try #require(SynthesisFixture.quad(json))
            // The top edge's angle off the nearest axis: perspective bends it a few degrees.
            let degrees = atan2(quad.topRight.y - quad.topLeft.y, quad.topRight.x - quad.topLeft.x) * 180 / .pi
            let offAxis = abs(degrees - 90 * (degrees / 90).rounded())
            #expect(offAxis > 12 && offAxis < 45, "capture \(n) turned only \(offAxis) degrees")
            let photo = try Image(contentsOfFile: base + ".jpg")
            let flattened = try photo.warped(quad, width: SynthesisFixture.width, height: SynthesisFixture.height)
            #expect(try SynthesisFixture.correlation(flattened, card) > 0.85)
        }
    }

    @Test("a tilted card off the frame's centre shows a phone camera's perspective: a pinhole at the centre explains its corners")
    func cameraPerspective() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("camera")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "6", "--seed", "21", "--max-size", "800",
                                          "--conditions", "tilt", "--camera", "pinhole"]) == 0)
        var offCentre = 0
        for n in 1...6 {
            let json = try SynthesisFixture.sidecar("\(out)/test-card-front-1-\(n).json")
            let quad = try #require(SynthesisFixture.quad(json))
            let size = json.member("imageSize")?.arrayValue?.compactMap { $0.numberValue } ?? []
            try #require(size.count == 2)
            let (width, height) = (size[0], size[1])
            let seen = try #require(SynthesisFixture.pinholeView(of: quad, principal: Point(x: width / 2, y: height / 2)),
                                    "capture \(n): no camera at the frame's centre sees this quad as a rectangle")
            // A phone's focal length, and the card's own shape once that camera's perspective is undone.
            let focal = seen.focal / max(width, height)
            #expect(focal > 0.68 && focal < 1.02, "capture \(n): focal length \(focal) of the longer side")
            let aspect = Double(SynthesisFixture.width) / Double(SynthesisFixture.height)
            #expect(abs(log(seen.aspect / aspect)) < 0.01, "capture \(n): aspect \(seen.aspect), card \(aspect)")
            if quad.center.distance(to: Point(x: width / 2, y: height / 2)) > 0.12 * max(width, height) { offCentre += 1 }
        }
        // Where a document is moved after projecting it about its own centre, these fail away from the middle.
        #expect(offCentre >= 2)
    }

    @Test("the same seed gives the same files; another seed other files")
    func deterministic() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let a = try SynthesisFixture.temporaryFolder("a"), b = try SynthesisFixture.temporaryFolder("b"), c = try SynthesisFixture.temporaryFolder("c")
        defer { for dir in [a, b, c] { try? FileManager.default.removeItem(atPath: dir) } }
        for (dir, seed) in [(a, "3"), (b, "3"), (c, "4")] {
            #expect(try SynthesisFixture.run(["--in", flat, "--out", dir, "--per-image", "2", "--negatives", "1", "--seed", seed,
                                              "--conditions", "glare,blur,occluded", "--max-size", "640"]) == 0)
        }
        for name in ["test-card-front-1-1.jpg", "test-card-front-1-2.json", "negative-1.jpg"] {
            let x = FileManager.default.contents(atPath: "\(a)/\(name)"), y = FileManager.default.contents(atPath: "\(b)/\(name)")
            #expect(x != nil && x == y, "\(name) differs between two runs with one seed")
            #expect(x != FileManager.default.contents(atPath: "\(c)/\(name)"), "\(name) did not change with the seed")
        }
    }

    @Test("negatives are marked negative, with the object they show")
    func negatives() throws {
        let out = try SynthesisFixture.temporaryFolder("neg")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--out", out, "--negatives", "6", "--seed", "2", "--max-size", "640"]) == 0)
        var objects = Set<String>()
        for n in 1...6 {
            let json = try SynthesisFixture.sidecar("\(out)/negative-\(n).json")
            #expect(json.member("negative")?.boolValue == true)
            #expect(json.member("corners")?.isNull == true)
            let object = try #require(json.member("conditions")?.arrayValue?.first?.stringValue)
            objects.insert(object)
            let image = try Image(contentsOfFile: "\(out)/negative-\(n).jpg")
            #expect(max(image.width, image.height) == 640 && min(image.width, image.height) >= 640 * 9 / 16 - 2)
        }
        // Six in a row cover every kind of object once.
        #expect(objects == ["empty", "receipt", "playing_card", "business_card", "bank_card", "letter"])
    }

    @Test("a sequence has its segments, frames and per-frame ground truth")
    func sequence() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("seq")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--sequence", "empty:0.5,front:1,upside_down_front:0.5", "--front", flat + "/test-card-front-1.png",
                                          "--fps", "10", "--frame-size", "320x180", "--out", out]) == 0)
        let json = try SynthesisFixture.sidecar(out + "/sequence.json")
        let segments = try #require(json.member("segments")?.arrayValue)
        #expect(segments.map { $0.member("name")?.stringValue } == ["empty", "front", "upside_down_front"])
        #expect(segments.map { $0.member("start")?.numberValue } == [0, 0.5, 1.5])
        #expect(segments.map { $0.member("end")?.numberValue } == [0.5, 1.5, 2.0])
        let frames = try #require(json.member("frames")?.arrayValue)
        #expect(frames.count == 20)
        #expect(FileManager.default.fileExists(atPath: out + "/00019.jpg"))
        #expect(frames[2].member("corners")?.isNull == true)          // empty: nothing in view
        #expect(frames[12].member("orientation")?.numberValue == 0)   // held, right way up
        #expect(frames[19].member("orientation")?.numberValue == 180) // turned upside down
        let frame = try Image(contentsOfFile: out + "/00012.jpg")
        #expect(frame.width == 320 && frame.height == 180)
        // A back segment without --back is refused as a usage error.
        #expect(try SynthesisFixture.run(["--sequence", "back:1", "--front", flat + "/test-card-front-1.png", "--out", out]) == 2)
    }

    @Test("bad command lines exit 2")
    func usage() throws {
        #expect(try SynthesisFixture.run(["--in", "/nonexistent"]) == 2)                               // no --out
        #expect(try SynthesisFixture.run(["--out", "/tmp/x", "--conditions", "foggy", "--negatives", "1"]) == 2)
        #expect(try SynthesisFixture.run(["--out", "/tmp/x", "--per-image", "0", "--negatives", "1"]) == 2)
    }

    @Test("flats convert to JPEG with their sidecars; a contact sheet draws a folder")
    func convertAndContactSheet() throws {
        let flat = try SynthesisFixture.flatFolder()
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("convert")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try SynthesisFixture.run(["--convert-flats", flat, out, "90"]) == 0)
        let jpeg = try Image(contentsOfFile: out + "/test-card-front-1.jpg")
        #expect(jpeg.width == SynthesisFixture.width && jpeg.height == SynthesisFixture.height)
        #expect(try SynthesisFixture.correlation(jpeg, SynthesisFixture.card()) > 0.99)
        #expect(try SynthesisFixture.sidecar(out + "/test-card-front-1.json").member("templateId")?.stringValue == "ca-on-dl-front")
        #expect(try SynthesisFixture.run(["--contact-sheet", out, out + "/sheet.png", "200"]) == 0)
        let sheet = try Image(contentsOfFile: out + "/sheet.png")
        #expect(sheet.width == 800 && sheet.height == 150)
    }
}
