import DocFrame
import Foundation

/// `--contact-sheet DIR OUT.png`: tiles the photos of a folder into one PNG with each
/// sidecar's ground-truth quad drawn over it (green outline, the document's top-left corner
/// as a red dot, top edge in yellow), to look at a dataset and check its labels at a glance.
enum ContactSheet {
    static func write(folder: String, to output: String, tile: (w: Int, h: Int) = (400, 300), columns: Int = 4, limit: Int = 48) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted().prefix(limit)
        guard !names.isEmpty else { throw DocFrameError(.fileNotFound, "no images in \(folder)") }
        let rows = (names.count + columns - 1) / columns
        let sheet = try Canvas(width: columns * tile.w, height: rows * tile.h, color: BGR(40, 40, 40))
        for (k, name) in names.enumerated() {
            let path = (folder as NSString).appendingPathComponent(name)
            let photo = try Canvas(image: Image(contentsOfFile: path))
            let scale = min(Double(tile.w - 8) / Double(photo.width), Double(tile.h - 24) / Double(photo.height))
            let ox = Double((k % columns) * tile.w) + 4, oy = Double((k / columns) * tile.h) + 4
            let src = [Point(x: 0, y: 0), Point(x: Double(photo.width), y: 0), Point(x: Double(photo.width), y: Double(photo.height)), Point(x: 0, y: Double(photo.height))]
            let dst = src.map { Point(x: ox + $0.x * scale, y: oy + $0.y * scale) }
            try sheet.composite(photo, homography: Homography(from: src, to: dst), cornerRadius: 0, shadow: nil)
            let sidecar = (path as NSString).deletingPathExtension + ".json"
            var caption = (name as NSString).deletingPathExtension
            if let text = try? String(contentsOfFile: sidecar, encoding: .utf8), let json = try? JSONValue(parsing: text) {
                if let corners = json.member("corners")?.arrayValue, corners.count == 4 {
                    let pts = corners.compactMap { $0.arrayValue.flatMap { p in p.count == 2 ? Point(x: ox + (p[0].numberValue ?? 0) * scale, y: oy + (p[1].numberValue ?? 0) * scale) : nil } }
                    if pts.count == 4 {
                        try sheet.stroke(pts, closed: true, .rgb(0, 230, 0), thickness: 2)
                        try sheet.stroke([pts[0], pts[1]], closed: false, .rgb(255, 230, 0), thickness: 2)
                        try sheet.fillEllipse(center: pts[0], rx: 5, ry: 5, .rgb(255, 0, 0))
                    }
                }
                let conditions = json.member("conditions")?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? ""
                let orientation = json.member("orientation")?.numberValue.map { " o\(Int($0))" } ?? ""
                caption = "\(caption) \(conditions)\(orientation)"
            }
            try sheet.text(String(caption.prefix(48)), at: Point(x: ox, y: oy + Double(tile.h) - 12), scale: 0.4, .rgb(255, 255, 255))
        }
        try sheet.image().write(to: output, as: .png)
    }
}
