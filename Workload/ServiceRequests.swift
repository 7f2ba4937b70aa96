/// The async state a request feeds. A newer request for the same slot
/// supersedes an older one: the older one's response must never be shown.
public enum RequestSlot: String, Sendable, Hashable, CaseIterable {
    case catalog, detail, coupon, quote, order
}

/// A request a port sends to the simulated service.
public enum ServiceRequest: Sendable, Hashable, CustomStringConvertible {
    case catalog
    case productDetail(Int)
    case validateCoupon(String)
    case shippingQuote(zip: String)
    case placeOrder(number: Int, totalCents: Int)

    public var slot: RequestSlot {
        switch self {
        case .catalog: .catalog
        case .productDetail: .detail
        case .validateCoupon: .coupon
        case .shippingQuote: .quote
        case .placeOrder: .order
        }
    }

    public var description: String {
        switch self {
        case .catalog: "catalog"
        case .productDetail(let id): "detail(\(id))"
        case .validateCoupon(let code): "coupon(\(code))"
        case .shippingQuote(let zip): "quote(\(zip))"
        case .placeOrder(let number, let total): "order(#\(number), \(total))"
        }
    }
}

/// A failure the service reports; ports show its reason.
public struct ServiceFailure: Error, Sendable, Hashable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}

/// The service's answers: deterministic functions of the request, shared by
/// the service and the shadow model.
public enum ServiceAnswers {
    /// Every 97th product's detail fails to load.
    public static func detail(for productID: Int) -> Result<String, ServiceFailure> {
        if productID % 97 == 13 {
            return .failure(ServiceFailure(reason: "detail unavailable for product \(productID)"))
        }
        let batch = (productID &* 2_654_435_761) % 1_000
        return .success("Product \(productID), batch \(batch): made to last, backed by a two-year warranty.")
    }

    public static func coupon(for code: String) -> Result<Coupon, ServiceFailure> {
        switch code {
        case "SAVE10": .success(.percentOff(10))
        case "SAVE25": .success(.percentOff(25))
        case "FLAT500": .success(.flatCents(500))
        default: .failure(ServiceFailure(reason: "code \(code) is not valid"))
        }
    }

    /// A quote by the ZIP's first digit; ZIPs starting with 0 are not served.
    public static func quote(for zip: String) -> Result<Int, ServiceFailure> {
        guard let first = zip.first?.wholeNumberValue, zip.count == 5, zip.allSatisfy(\.isNumber) else {
            return .failure(ServiceFailure(reason: "\(zip) is not a ZIP code"))
        }
        guard first != 0 else { return .failure(ServiceFailure(reason: "no delivery to \(zip)")) }
        return .success(499 + first * 50)
    }
}
