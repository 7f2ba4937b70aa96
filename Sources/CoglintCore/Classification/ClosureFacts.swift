import SwiftSyntax

/// Small questions about closures that several rules ask.
enum ClosureFacts {
    /// `{ c in … }`, `{ (c) in … }` and `{ (c: CogReader) in … }` all name `c`.
    static func firstParameterName(_ closure: ClosureExprSyntax) -> String? {
        guard let parameters = closure.signature?.parameterClause else { return nil }
        if let clause = parameters.as(ClosureParameterClauseSyntax.self) {
            guard let first = clause.parameters.first else { return nil }
            return (first.secondName ?? first.firstName).text
        }
        return parameters.as(ClosureShorthandParameterListSyntax.self)?.first?.name.text
    }

    /// Every closure a call passes: in its argument list and trailing.
    static func closures(of call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        var result = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = call.trailingClosure { result.append(trailing) }
        result += call.additionalTrailingClosures.map(\.closure)
        return result
    }
}
