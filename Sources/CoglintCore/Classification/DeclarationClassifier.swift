import SwiftSyntax

/// Finds the declarations that name Cog state (LINT-04), syntactically:
///
/// - a direct constructor: `Cog<Int>.Manual { 0 }`, `CogBox<A, B> { … }`,
///   `Cog { c in … }`, module-qualified (`Cog.Cog<Int>`) or not;
/// - `.init` paired with a written annotation:
///   `let x: Cog<Int>.Manual? = .init { 0 }`;
/// - a `.readOnly` projection of a manual source declared in the same file,
///   which keeps its source's shape.
///
/// Anything else is left alone (LINT-05): a factory call
/// (`let xCog = makeCog()`), a typealias (`Counter { 0 }`), a re-export of a
/// source under another name (`let seedTarget = _xCog`, the debug seed
/// target), or a projection of a source declared in another file.
final class DeclarationClassifier: SyntaxVisitor {
    private(set) var declarations: [CogDeclaration] = []
    private var projections:
        [(node: VariableDeclSyntax, binding: PatternBindingSyntax, name: TokenSyntax, source: String)] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    static func classify(_ tree: SourceFileSyntax) -> [CogDeclaration] {
        let classifier = DeclarationClassifier()
        classifier.walk(tree)
        return classifier.resolvedDeclarations()
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                let value = binding.initializer?.value
            else { continue }
            if let declaration = constructed(node, binding, pattern.identifier, value) {
                declarations.append(declaration)
            } else if let member = value.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "readOnly",
                let base = member.base?.as(DeclReferenceExprSyntax.self)
            {
                projections.append((node, binding, pattern.identifier, base.baseName.text))
            }
        }
        return .visitChildren
    }

    /// A declaration whose initializer calls a Cog constructor.
    private func constructed(
        _ node: VariableDeclSyntax, _ binding: PatternBindingSyntax, _ name: TokenSyntax, _ value: ExprSyntax
    ) -> CogDeclaration? {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        let path: TypePath?
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init"
        {
            path = binding.typeAnnotation.flatMap { TypePath(type: $0.type) }
        } else {
            path = TypePath(expression: call.calledExpression)
        }
        guard let path, let (shape, kind) = Self.shapeAndKind(path) else { return nil }
        return CogDeclaration(
            name: name.text, nameToken: name, shape: shape, kind: kind,
            scope: Self.scope(of: Syntax(node)), access: Self.access(of: node), node: node,
            readerName: Self.readerName(of: call)
        )
    }

    private func resolvedDeclarations() -> [CogDeclaration] {
        var result = declarations
        for projection in projections {
            guard let source = declarations.first(where: { $0.name == projection.source && $0.kind == .manual }) else {
                continue
            }
            result.append(
                CogDeclaration(
                    name: projection.name.text, nameToken: projection.name, shape: source.shape,
                    kind: .readOnly(source: source.name), scope: Self.scope(of: Syntax(projection.node)),
                    access: Self.access(of: projection.node), node: projection.node, readerName: nil
                ))
        }
        return result.sorted { $0.nameToken.position < $1.nameToken.position }
    }

    static func shapeAndKind(_ path: TypePath) -> (CogDeclaration.Shape, CogDeclaration.Kind)? {
        guard let first = path.names.first, path.names.count <= 2 else { return nil }
        let shape: CogDeclaration.Shape
        switch first {
        case "Cog": shape = .keyless
        case "CogBox": shape = .box
        default: return nil
        }
        guard path.names.count == 2 else { return (shape, .automatic) }
        switch path.names[1] {
        case "Manual": return (shape, .manual)
        case "Async": return (shape, .async)
        case "Projection": return (shape, .projection)
        default: return nil
        }
    }

    static func scope(of node: Syntax) -> CogDeclaration.Scope {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(SourceFileSyntax.self) { return .file }
            if ancestor.is(MemberBlockSyntax.self) { return .member }
            if ancestor.is(CodeBlockSyntax.self) || ancestor.is(ClosureExprSyntax.self)
                || ancestor.is(AccessorBlockSyntax.self)
            {
                return .local
            }
            current = ancestor.parent
        }
        return .file
    }

    static func access(of node: VariableDeclSyntax) -> String? {
        let levels: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]
        return node.modifiers.first { levels.contains($0.name.text) && $0.detail == nil }?.name.text
    }

    /// The first parameter of the closure a constructor ends in: the reader
    /// a selector is handed.
    static func readerName(of call: FunctionCallExprSyntax) -> String? {
        let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        return closure.flatMap(ClosureFacts.firstParameterName)
    }
}
