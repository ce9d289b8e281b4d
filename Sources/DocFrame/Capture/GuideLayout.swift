/// A screen or preview size, in any unit (points or pixels): only its proportions matter.
public struct ViewportSize: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var isLandscape: Bool { width > height }
}

/// Where the guide frame goes on a screen: the document format's shape (ID-1 card, or the
/// TD3 passport photo page), landscape-shaped, centred, scaled to the screen.
///
/// The rules, by screen shape:
/// - a portrait phone: the guide spans `widthShare` of the width (the card held across);
/// - a landscape phone: the guide's height is at most `heightShare` of the screen's, leaving
///   room above for the label and below for the instruction;
/// - a tablet (long/short side under `tabletAspect`, e.g. a 12.9-inch iPad at 1366x1024): the
///   guide spans at most `tabletWidthShare` of the width, so the card is held at a natural
///   distance instead of filling a screen twice its size.
public struct GuideLayout: Sendable, Hashable {
    public var widthShare = 0.9
    public var heightShare = 0.7
    public var tabletWidthShare = 0.7
    public var tabletAspect = 1.6

    public init() {}

    public static let `default` = GuideLayout()

    /// The format whose shape the guide takes for a capture of `kind`.
    public static func format(forCaptureOf kind: DocumentKind) -> DocumentFormat {
        kind == .passport ? .td3 : .id1
    }

    /// The guide in viewport coordinates.
    public func guide(in viewport: ViewportSize, format: DocumentFormat) -> GuideRect {
        let aspect = format.aspectRatio
        let longer = max(viewport.width, viewport.height), shorter = min(viewport.width, viewport.height)
        let isTablet = shorter > 0 && longer / shorter < tabletAspect
        var width = viewport.width * (isTablet ? tabletWidthShare : widthShare)
        width = min(width, viewport.height * heightShare * aspect)
        let height = width / aspect
        return GuideRect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
    }

    /// The guide in the pixels of a `frameWidth` x `frameHeight` camera frame shown aspect-fill
    /// in `viewport` (the way camera previews are shown); the frame itself when `viewport` is nil.
    /// Rounded to whole pixels.
    public func guide(frameWidth: Int, frameHeight: Int, viewport: ViewportSize?, format: DocumentFormat) -> GuideRect {
        let fw = Double(frameWidth), fh = Double(frameHeight)
        let view = viewport ?? ViewportSize(width: fw, height: fh)
        let onScreen = guide(in: view, format: format)
        let scale = max(view.width / fw, view.height / fh)
        guard scale > 0, scale.isFinite else { return GuideRect(x: 0, y: 0, width: fw, height: fh) }
        let offsetX = (view.width - fw * scale) / 2, offsetY = (view.height - fh * scale) / 2
        let x = ((onScreen.x - offsetX) / scale).rounded(), y = ((onScreen.y - offsetY) / scale).rounded()
        return GuideRect(x: x, y: y, width: (onScreen.width / scale).rounded(), height: (onScreen.height / scale).rounded())
    }
}
