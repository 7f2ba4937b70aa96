import SwiftSyntax

/// The types this file declares as conforming to a protocol, by simple
/// name, whether the conformance is on the type or on an extension in the
/// same file. A conformance written in another file is invisible here: the
/// linter reads one file at a time (LINT-05, LINT-26).
final class Conformances: SyntaxVisitor {
    private let protocolName: String
    private(set) var typeNames: Set<String> = []

    private init(protocolName: String) {
        self.protocolName = protocolName
        super.init(viewMode: .sourceAccurate)
    }

    /// `View` finds `View` and `SwiftUI.View`.
    static func types(conformingTo protocolName: String, in tree: SourceFileSyntax) -> Set<String> {
        let visitor = Conformances(protocolName: protocolName)
        visitor.walk(tree)
        return visitor.typeNames
    }

    private func record(_ name: String, _ clause: InheritanceClauseSyntax?) {
        guard let clause else { return }
        for inherited in clause.inheritedTypes {
            guard let path = TypePath(type: inherited.type) else { continue }
            if path.names == [protocolName] || path.names == ["SwiftUI", protocolName] {
                typeNames.insert(name)
            }
        }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let name = TypePath(type: node.extendedType)?.last {
            record(name, node.inheritanceClause)
        }
        return .visitChildren
    }
}
