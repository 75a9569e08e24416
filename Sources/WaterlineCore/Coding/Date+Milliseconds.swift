import Foundation

extension Date {
    /// This date cut to whole milliseconds, the precision every stored date has.
    public var roundedToMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
