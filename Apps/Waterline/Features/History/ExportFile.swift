import CoreTransferable
import Foundation
import UniformTypeIdentifiers
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// A CSV or JSON export for `ShareLink`, made only when the person shares it.
struct ExportFile: Transferable {
    let format: ExportFormat
    let name: String
    let make: @Sendable () async throws -> Data

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .commaSeparatedText) { file in
            SentTransferredFile(try await file.write())
        }
        .exportingCondition { $0.format == .csv }
        FileRepresentation(exportedContentType: .json) { file in
            SentTransferredFile(try await file.write())
        }
        .exportingCondition { $0.format == .json }
    }

    /// The export in a temporary file with its name, for the share sheet.
    private func write() async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try await make().write(to: url, options: .atomic)
        return url
    }
}
