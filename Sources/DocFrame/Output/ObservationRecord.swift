/// One input's outcome: the path as given and either what was observed or why it failed.
public struct ObservationRecord: Sendable {
    public var path: String
    public var result: Result<DocumentObservation, DocFrameError>

    public init(path: String, result: Result<DocumentObservation, DocFrameError>) {
        self.path = path
        self.result = result
    }

    public var observation: DocumentObservation? { try? result.get() }

    public var error: DocFrameError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
