import Foundation

extension MRZReader {
    /// A reading of one deconvolved photo: the zone, the passport it names by rule, and the
    /// clockwise quarter turns the photo needed for the zone to stand upright.
    typealias DeblurredRead = (mrz: MRZResult, identity: DocumentIdentity?, quarterTurns: Int)

    /// Cuts each search of a deblurred photo may read: about half an image's. On bench-mrz's
    /// motion captures of dev seeds 7300 and 7400 the valid reads took 6-63, the others up to
    /// the image's 120.
    public static let deblurredCuts = 64

    /// `image`'s zone read again with the camera's motion undone, a photo's last resort once
    /// every search of it read nothing valid: the streak measured from the photo's cepstrum
    /// (`MRZMotionDeblur.streak`), the whole photo deconvolved by it at each of
    /// `MRZMotionDeblur.noiseToSignal`, and each deconvolved photo read by `search` (the
    /// caller's whole search of a photo: its outline's page, the photo itself).
    ///
    /// A reading is valid only when another deconvolution read its names line the same: no
    /// check digit covers the names, and a deconvolution's ringing turns a name's letters into
    /// others the check digits cannot catch (on bench-mrz's dev seeds a quarter of the valid
    /// deblurred reads had 3-7 wrong names cells). One no other reading vouches for comes with
    /// `valid` false. Nil when no streak stands out (defocus, a sharp photo) or nothing was read.
    public func readDeblurred(_ image: Image, search: (Image) throws -> (mrz: MRZResult, identity: DocumentIdentity?)?)
        throws -> (mrz: MRZResult, identity: DocumentIdentity?)? {
        try deblurred(image.grayscale()) { photo in try search(photo).map { ($0.mrz, $0.identity, 0) } }
            .map { ($0.mrz, $0.identity) }
    }

    /// The zone of `image` read with the camera's motion undone by `readPassportTurned`'s own
    /// search (`readDeblurred`), once per image: the reading is kept in `budget`'s memo for the
    /// image's other searches.
    func deblurredZone(in image: Image, budget: MRZCutBudget) throws -> DeblurredRead? {
        try budget.memo.deblurred(image) {
            try deblurred(budget.memo.turned(image, quarterTurns: 0).gray) { photo in
                try readPassportTurned(in: photo, budget: MRZCutBudget(limit: Self.deblurredCuts), deblurring: false)
            }
        }
    }

    /// What `search` reads of `gray` deconvolved by the streak measured in it (`deblurredReading`).
    func deblurred(_ gray: Image, search: (Image) throws -> DeblurredRead?) throws -> DeblurredRead? {
        guard let streak = try MRZMotionDeblur.streak(in: gray) else { return nil }
        let whole = MRZMotionDeblur.Region(x: 0, y: 0, width: gray.width, height: gray.height)
        var reads: [DeblurredRead] = []
        for ratio in MRZMotionDeblur.noiseToSignal {
            let sharper = try MRZMotionDeblur.deblurred(gray, region: whole, streak: streak, noiseToSignal: ratio)
            if let dump = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_DEBLUR_DUMP"] {
                try? sharper.write(to: "\(dump)-\(ratio).png", as: .png)
            }
            let read = try search(sharper)
            if MRZMotionDeblur.trace {
                FileHandle.standardError.write(Data("mrz deblur nsr=\(ratio) read=\(read != nil) valid=\(read?.mrz.valid ?? false)\n".utf8))
            }
            if let read { reads.append(read) }
        }
        return Self.deblurredReading(reads)
    }

    /// What one photo's deconvolutions that read a zone (`reads`, in the order made) report: the
    /// first valid reading whose names line another of them read the same; else the first
    /// valid one with `valid` false (its checked fields hold, its names may not), else the first.
    static func deblurredReading(_ reads: [DeblurredRead]) -> DeblurredRead? {
        for (i, read) in reads.enumerated() where read.mrz.valid {
            let names = read.mrz.namesLine
            if reads.indices.contains(where: { $0 != i && reads[$0].mrz.format == read.mrz.format && reads[$0].mrz.namesLine == names }) {
                return read
            }
        }
        if var unsure = reads.first(where: { $0.mrz.valid }) {
            if MRZMotionDeblur.trace { FileHandle.standardError.write(Data("mrz deblur names unvouched\n".utf8)) }
            unsure.mrz.valid = false
            unsure.identity = nil
            return unsure
        }
        return reads.first
    }
}
