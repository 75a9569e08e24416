/// A preset's name as the surfaces show it.
extension DrinkPreset {
    /// The name in the person's language for an unedited default preset, else the name given
    /// (`DrinkCatalog.shownName(of:)`). Every surface shows this; the record keeps `name`.
    public var shownName: String { DrinkCatalog.shownName(of: self) }

    /// `shownName` in `language` (the person's when nil).
    public func shownName(in language: String?) -> String {
        DrinkCatalog.shownName(of: self, language: language)
    }
}
