/// What fills a `KitString`'s placeholders: a number for `%lld`, a text for `%@`.
public enum KitArgument: Hashable, Sendable {
    case int(Int)
    case text(String)
}
