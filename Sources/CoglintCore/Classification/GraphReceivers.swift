import SwiftSyntax

/// The names in a file that hold a graph runtime or a controller, found by
/// how they are written, never by type checking:
///
/// - `cogs`, the runtime's conventional name (environment property,
///   assembly local, test runtime);
/// - anything written with a `Cogs`, `CogController` or
///   `MechanismController` annotation (a property, a parameter such as the
///   `m` of `operate(_ m: CogController)`);
/// - `@Environment(\.cogs)` properties, whatever their name;
/// - locals bound from `Cogs.assemble`, `Cogs.forTesting` or
///   `Cogs.forTestingWithController` (both halves of the tuple).
///
/// Selector and reaction readers (`Cog { c in … }`, `m.run { c in … }`) are
/// collected apart: they are graph receivers for the primitives rule, but a
/// view's own closure parameter named `c` is not the graph.
///
/// Names are file-wide, not scoped: syntax alone cannot follow a value, so
/// the rules accept that a shadowing local with the same name is treated as
/// the same receiver.
final class GraphReceivers: SyntaxVisitor {
    private(set) var runtimes: Set<String> = ["cogs"]
    private(set) var readers: Set<String> = []

    static let runtimeTypes: Set<String> = ["Cogs", "CogController", "MechanismController"]
    static let runtimeFactories: Set<String> = ["assemble", "forTesting", "forTestingWithController"]

    init(declarations: [CogDeclaration]) {
        readers = Set(declarations.compactMap(\.readerName))
        super.init(viewMode: .sourceAccurate)
    }

    private static func isRuntimeType(_ type: TypeSyntax?) -> Bool {
        guard let type, let path = TypePath(type: type) else { return false }
        return path.names.count == 1 && runtimeTypes.contains(path.names[0])
    }

    /// `Cogs.assemble(…)`, `Cogs.forTesting(…)`, also behind `try`/`await`.
    static func isRuntimeFactoryCall(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while true {
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression; continue }
            if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression; continue }
            break
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let path = TypePath(expression: call.calledExpression)
        else { return false }
        return path.names.count == 2 && path.names[0] == "Cogs" && runtimeFactories.contains(path.names[1])
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        if Self.isRuntimeType(node.type) { runtimes.insert((node.secondName ?? node.firstName).text) }
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if Self.isRuntimeType(node.type) { runtimes.insert((node.secondName ?? node.firstName).text) }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let fromEnvironment = node.attributes.contains { attribute in
            guard case .attribute(let attribute) = attribute,
                attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "Environment"
            else { return false }
            return attribute.arguments?.description.contains(".cogs") == true
        }
        for binding in node.bindings {
            let names = Self.boundNames(binding.pattern)
            if fromEnvironment || Self.isRuntimeType(binding.typeAnnotation?.type)
                || binding.initializer.map({ Self.isRuntimeFactoryCall($0.value) }) == true
            {
                runtimes.formUnion(names)
            }
        }
        return .visitChildren
    }

    /// A reaction's reader: the closure given to a `run` or `watch` call.
    /// The receiver is not checked (it is usually `m`, named in another
    /// file's `operate`).
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            ["run", "watch"].contains(member.declName.baseName.text),
            let closure = ClosureFacts.closures(of: node).last,
            let reader = ClosureFacts.firstParameterName(closure)
        {
            readers.insert(reader)
        }
        return .visitChildren
    }

    static func boundNames(_ pattern: PatternSyntax) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier.text] }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            return tuple.elements.flatMap { boundNames($0.pattern) }
        }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return boundNames(binding.pattern) }
        return []
    }

    /// The name an expression starts from when it is `name` or `self.name`.
    static func receiverName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return member.declName.baseName.text
        }
        return nil
    }
}
