import SwiftSyntax

/// Counts the direct graph reads in one lexical body, as written inside
/// `extension Cogs` or `extension CogOps`: value reads (`self[ref]`), status
/// reads (`status[ref]`, `self.status[ref]`) and peeks (`peek(ref)`,
/// `self.peek(ref)`, `status.peek(ref)`). Reads inside a nested closure or a
/// nested function belong to that closure, not to this body, so they are
/// not counted.
final class GraphReads: SyntaxVisitor {
    private(set) var count = 0

    private init() {
        super.init(viewMode: .sourceAccurate)
    }

    static func count(in body: some SyntaxProtocol) -> Int {
        let visitor = GraphReads()
        visitor.walk(body)
        return visitor.count
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isSelf(node.calledExpression) || Self.isStatusLens(node.calledExpression) { count += 1 }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "peek" {
            count += 1
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "peek", let base = member.base,
            Self.isSelf(base) || Self.isStatusLens(base)
        {
            count += 1
        }
        return .visitChildren
    }

    private static func isSelf(_ expression: ExprSyntax) -> Bool {
        expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    }

    /// `status` or `self.status`.
    private static func isStatusLens(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "status" }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return isSelf(base) && member.declName.baseName.text == "status"
        }
        return false
    }
}
