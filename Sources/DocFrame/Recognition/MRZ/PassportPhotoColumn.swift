/// The holder's photo where a passport page has it (ICAO 9303 part 4: the portrait at the left,
/// between the header and the zone), measured as ink against the page's data fields beside it.
///
/// Blur that leaves no character of the zone readable leaves the photo a large dark patch
/// (hair, clothes, the face's shading) where the fields beside it are sparse print on paper.
/// A sheet of text (a letter, a receipt) has its lines across both places alike, which is how
/// the zone's band found in part of such a sheet (a letter's half, a quad inside its text) is
/// told from a page: the band alone named letters Passport there (`PassportPage+Outlines`).
enum PassportPhotoColumn {
    /// The photo's and the fields' rectangles on the canonical page (`PassportPage`), inside the
    /// specimens' portrait (60...420 x 170...630) and value column (470... x same rows), with a
    /// margin for an outline a few percent off.
    static let photo = (x: 90.0...390.0, y: 210.0...590.0)
    static let fields = (x: 500.0...1000.0, y: 210.0...590.0)

    struct Measure: Equatable {
        /// Mean ink (grey levels below the page's paper) over the photo's and the fields' rectangles.
        var photo: Double, fields: Double
        /// The page's paper level (grey), which the ink is measured from.
        var paper: Double = PassportPhotoColumn.litPaper

        /// A photo's patch of ink, clearly more than the print beside it.
        var showsPhoto: Bool { photo >= PassportPhotoColumn.minimumInk(paper: paper) && photo >= PassportPhotoColumn.minimumRatio * fields }
    }

    /// Blurred eval passports: photo 41-151 grey levels, 2.1-7.3 times the fields'; the
    /// letter and the ID card's back the band alone named Passport: 25 (0.7 times) and 16.
    static let minimumRatio = 1.8

    /// The least photo ink on a page whose paper is `paper`: `litInk` on a lit page, less in
    /// proportion on a dim one. Exposure scales paper and ink alike (a gain of a quarter leaves
    /// a quarter of every grey-level difference), so a dark photo of a page shows its portrait
    /// as a quarter of the ink it shows lit: dev captures under dim light, their zone's band
    /// found, showed photos of 17.6-19.0 grey levels (1.9-2.9 times the fields') on paper of
    /// 38-73. Never more than `litInk`: bright paper asks no more of a photo than before.
    static func minimumInk(paper: Double) -> Double {
        litInk * min(1, max(0, paper) / litPaper)
    }

    /// The photo ink asked of a page lit as most are (paper at `litPaper` or brighter).
    static let litInk = 30.0
    /// Paper this bright or brighter counts as lit (lit blurred dev pages: 242-253; dim ones 38-73):
    /// every page lit brighter than this keeps `litInk`.
    static let litPaper = 200.0

    /// Whether `page` (an upright landscape page) shows the photo, measured either way
    /// (`measure(in:paperPerColumn:)`).
    static func showsPhoto(in page: Image) throws -> Bool {
        try measure(in: page).showsPhoto || measure(in: page, paperPerColumn: true).showsPhoto
    }

    /// The measure in `page`, an upright landscape page (grey or colour, any size), against one
    /// paper level for the page or, with `paperPerColumn`, each rectangle's ink against the paper
    /// of its own columns over the page's whole height (`Measure.paper` is then the photo's).
    ///
    /// One level for the page takes a shadow over the fields (a hand's or the phone's, falling
    /// across the page's right half) for their ink: blurred dev pages so shadowed showed fields
    /// of 75-96 grey levels against photos of 68-132. The columns' own paper (the header's, the
    /// zone's clear band and the margins above and below the photo and the fields) is shadowed
    /// with them; a letter's lines stay across both columns alike. Glare over the photo's side
    /// measures it against the glare's paper instead (a blurred dev page: 254 there, 206 for the
    /// page; the photo 59 grey levels against 31).
    ///
    /// Either measure may show the photo (`showsPhoto(in:)`): on 60 synthesized negatives
    /// (seed 29501) and eval's 112 negatives none was named by the second.
    static func measure(in page: Image, paperPerColumn: Bool = false) throws -> Measure {
        let small = try page.resized(width: MRZBand.width, height: MRZBand.height)
        let gray = small.isGrayscale ? small : try small.grayscale()
        let pixels = try gray.packedPixels()
        let w = gray.width, h = gray.height
        let sx = Double(w) / PassportPage.pageWidth, sy = Double(h) / PassportPage.pageHeight
        // The paper: a bright percentile of the whole page (the fields' column is mostly paper).
        let pagePaper = Double(pixels.sorted()[pixels.count * 9 / 10])
        func columnsPaper(_ x0: Int, _ x1: Int) -> Double {
            var values = [UInt8]()
            values.reserveCapacity((x1 - x0) * h)
            for y in 0..<h { for x in x0..<x1 { values.append(pixels[y * w + x]) } }
            values.sort()
            return Double(values[values.count * 9 / 10])
        }
        func ink(_ rect: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> Double {
            let x0 = Int(rect.x.lowerBound * sx), x1 = Int(rect.x.upperBound * sx)
            let y0 = Int(rect.y.lowerBound * sy), y1 = Int(rect.y.upperBound * sy)
            let paper = paperPerColumn ? columnsPaper(x0, x1) : pagePaper
            var sum = 0.0
            for y in y0..<y1 { for x in x0..<x1 { sum += max(0, paper - Double(pixels[y * w + x])) } }
            return sum / Double(max(1, (x1 - x0) * (y1 - y0)))
        }
        let paper = paperPerColumn ? columnsPaper(Int(photo.x.lowerBound * sx), Int(photo.x.upperBound * sx)) : pagePaper
        return Measure(photo: ink(photo), fields: ink(fields), paper: paper)
    }
}
