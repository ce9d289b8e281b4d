import Foundation
import Testing
@testable import DocFrame

@Suite struct ResourceLocatorTests {
    @Test func docframeHomeWithoutTemplatesIsAClearError() throws {
        let empty = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        do {
            _ = try ResourceLocator.root(environment: ["DOCFRAME_HOME": empty.path])
            Issue.record("an empty DOCFRAME_HOME was accepted")
        } catch let error as DocFrameError {
            #expect(error.code == .resourcesNotFound)
            #expect(error.message.contains(empty.path))
        }
    }

    @Test func docframeHomeWithTemplatesIsUsed() throws {
        let home = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        #expect(try ResourceLocator.root(environment: ["DOCFRAME_HOME": home.path]).path == home.path)
    }

    /// Without DOCFRAME_HOME the checkout the code was built from is found (tests run from it).
    @Test func checkoutIsFoundWithoutConfiguration() throws {
        let root = try ResourceLocator.root(environment: [:])
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
    }
}
