/// How much water was drunk, in ounces.
public struct WaterMeta: Codable, Hashable, Sendable {
    public var amountOz: Double

    public init(amountOz: Double) {
        self.amountOz = amountOz
    }

    /// Throws when the amount is not a plausible glass of water.
    public func validate() throws(ValidationError) {
        try Limits.waterAmountOz.check(amountOz, field: "amountOz")
    }
}
