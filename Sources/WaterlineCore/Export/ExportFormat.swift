/// What an export is written as: the command line's two formats.
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv, json

    public var fileExtension: String { rawValue }
}
