import Foundation
import WaterlineCore

/// The checks every write passes before anything is saved.
extension SessionWrites {
    /// A watch's clock may run a little ahead of the phone's.
    static let clockSlack: TimeInterval = 5 * 60

    static func estimate(given estimate: Double?, sizeOz: Double, abv: Double?) throws -> Double {
        if let estimate { return estimate }
        guard let abv else { throw SessionServiceError.invalid(.missing(field: "standardDrinkEstimate")) }
        do throws(ValidationError) {
            return try StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv)
        } catch {
            throw SessionServiceError.invalid(error)
        }
    }

    /// A drink this device makes counts as more than 0 standard drinks.
    static func checkChosen(_ estimate: Double) throws(SessionServiceError) {
        try checkValid { () throws(ValidationError) in try Limits.chosenStandardDrinkEstimate.check(estimate, field: "standardDrinkEstimate") }
    }

    /// Runs a validation, reporting its failure as the service's own error.
    static func checkValid(_ validate: () throws(ValidationError) -> Void) throws(SessionServiceError) {
        do throws(ValidationError) { try validate() } catch { throw .invalid(error) }
    }
}
