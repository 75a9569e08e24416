import Foundation

/// The brace scopes of one (blanked) source file, each classed by the words before its `{`.
struct Scopes {
    enum Kind { case type, function, block, closure }

    struct Scope {
        var kind: Kind
        var parent: Int?
        var line: Int
        /// The declaration or statement the `{` opens (for a closure: what it is handed to).
        var header: String
        /// For a closure: its signature (what comes before `in` on its first line).
        var signature: String
        var isMainActorType = false
        var typeName: String?
        /// For a closure handed to a system callback: the label or call.
        var systemCallback: String?
        /// For a function: the system delegate sender its first parameter takes.
        var delegateSender: String?
        /// For a type: a system protocol it conforms to whose isolation differs between SDKs, and
        /// whether the conformance is marked `@preconcurrency`.
        var systemConformance: (name: String, preconcurrency: Bool)?
        /// An explicit isolation (an attribute, `nonisolated`, `@Sendable`, `Task.detached`, `MainActor.run`).
        var explicit: Isolation?

        var isSendableClosure: Bool { kind == .closure && explicit == .sendable }
    }

    private(set) var all: [Scope] = []

    init(_ text: [Character], mainActorTypes: Set<String> = []) {
        var stack: [Int] = []
        var headerStart = 0
        var line = 1
        for (index, character) in text.enumerated() {
            switch character {
            case "\n":
                line += 1
            case "{":
                let header = String(text[headerStart..<index])
                let signature = String(text[(index + 1)...].prefix { $0 != "\n" })
                all.append(Self.classify(header: header, signature: signature, line: line, parent: stack.last, mainActorTypes: mainActorTypes))
                stack.append(all.count - 1)
                headerStart = index + 1
            case "}":
                _ = stack.popLast()
                headerStart = index + 1
            case ";":
                headerStart = index + 1
            default:
                break
            }
        }
    }

    /// The isolation code directly inside `scope` runs with.
    func isolation(of scope: Scope) -> Isolation {
        if let explicit = scope.explicit { return explicit == .sendable ? .sendable : explicit }
        switch scope.kind {
        case .type: return scope.isMainActorType ? .mainActor : .nonisolated
        case .function, .block, .closure: return isolation(ofParentOf: scope)
        }
    }

    /// The isolation a scope is formed in: its parent's.
    func isolation(ofParentOf scope: Scope) -> Isolation {
        guard let parent = scope.parent else { return .nonisolated }
        let isolation = isolation(of: all[parent])
        // Code in a @Sendable closure is nonisolated.
        return isolation == .sendable ? .nonisolated : isolation
    }

    // MARK: Classing a `{`

    static let typeKeywords = ["class", "struct", "enum", "actor", "extension", "protocol"]
    static let functionKeywords = ["func", "init", "deinit", "subscript", "get", "set", "willSet", "didSet"]
    static let controlKeywords = ["if", "guard", "else", "for", "while", "switch", "do", "catch", "repeat", "defer", "case", "default"]

    static func classify(header: String, signature: String, line: Int, parent: Int?, mainActorTypes: Set<String>) -> Scope {
        let words = depthZeroWords(header)
        let lastType = words.lastIndex { typeKeywords.contains($0.word) }
        let lastFunction = words.lastIndex { functionKeywords.contains($0.word) }
        let computed = isComputedProperty(header)
        var scope = Scope(kind: .closure, parent: parent, line: line, header: header, signature: signature)
        if let function = lastFunction, lastType.map({ function > $0 }) ?? true {
            scope.kind = .function
            let declaration = declarationText(header, at: words[function].offset)
            if has("nonisolated", in: declaration) { scope.explicit = .nonisolated }
            if declaration.contains("@MainActor") { scope.explicit = .mainActor }
            scope.delegateSender = delegateSenders(in: declaration)
        } else if let type = lastType {
            scope.kind = .type
            let declaration = declarationText(header, at: words[type].offset)
            let name = words.indices.contains(type + 1) ? words[type + 1].word : nil
            scope.typeName = name
            let inherits = declaration.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            let swiftUI = ["View", "App", "Scene"].contains { has($0, in: inherits) }
            scope.isMainActorType = declaration.contains("@MainActor") || swiftUI
                || (words[type].word == "extension" && name.map(mainActorTypes.contains) == true)
            if let conformance = IsolationScanner.preconcurrencyProtocols.first(where: { has($0, in: inherits) }) {
                let marked = inherits.range(of: #"@preconcurrency\s+\#(conformance)\b"#, options: .regularExpression) != nil
                scope.systemConformance = (conformance, marked)
            }
        } else if computed {
            scope.kind = .function
        } else if let first = lastStatement(header).split(whereSeparator: { !$0.isLetter }).first, controlKeywords.contains(String(first)) {
            scope.kind = .block
        } else {
            scope.kind = .closure
            let tail = lastStatement(header).trimmingCharacters(in: .whitespacesAndNewlines)
            let before = signature.range(of: " in").map { String(signature[..<$0.lowerBound]) } ?? ""
            let hasIn = signature.range(of: #"(^|\s|\))in(\s|$)"#, options: .regularExpression) != nil
            if hasIn, before.contains("@Sendable") { scope.explicit = .sendable }
            if hasIn, before.contains("@MainActor") { scope.explicit = .mainActor }
            if tail.hasSuffix("Task.detached") || tail.contains("Task.detached(") { scope.explicit = .nonisolated }
            if tail.hasSuffix("MainActor.run") || tail.hasSuffix("MainActor.assumeIsolated") { scope.explicit = scope.explicit ?? .mainActor }
            scope.systemCallback = systemCallback(tail)
        }
        return scope
    }

    /// What a closure whose `{` follows `tail` is handed to, when that is a system callback.
    static func systemCallback(_ tail: String) -> String? {
        let trimmed = tail.trimmingCharacters(in: .whitespacesAndNewlines)
        // `label: {`, and `object.handlerProperty = {`
        for label in IsolationScanner.handlerLabels {
            if trimmed.hasSuffix("\(label):") && !trimmed.hasSuffix("_\(label):") { return "\(label):" }
            if trimmed.range(of: #"\.?\b\#(label)\s*=$"#, options: .regularExpression) != nil { return "\(label) =" }
        }
        // `call(…) {` and `call {`
        let withoutArguments = trimmed.hasSuffix(")") ? String(trimmed[..<(openingParenthesis(of: trimmed) ?? trimmed.endIndex)]) : trimmed
        if let name = withoutArguments.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last.map(String.init),
           IsolationScanner.trailingCalls.contains(name), withoutArguments.hasSuffix(name) {
            return "\(name)(…)"
        }
        return nil
    }

    /// The `(` that the string's final `)` closes.
    static func openingParenthesis(of text: String) -> String.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The first parameter's type, when it is a system delegate sender (`_ session: WCSession`).
    static func delegateSenders(in declaration: String) -> String? {
        guard let open = declaration.firstIndex(of: "(") else { return nil }
        let parameters = declaration[declaration.index(after: open)...]
        let first = parameters.prefix { $0 != "," && $0 != ")" }
        guard let colon = first.firstIndex(of: ":") else { return nil }
        let type = first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return IsolationScanner.delegateSenders.contains(type) ? type : nil
    }

    /// `var name: Type {` (a getter), as opposed to `var name = {` (a stored closure).
    static func isComputedProperty(_ header: String) -> Bool {
        let statement = lastStatement(header).trimmingCharacters(in: .whitespaces)
        return statement.range(of: #"\b(var|let)\s+\w+\s*:[^=]*$"#, options: .regularExpression) != nil
    }

    /// The header's last statement: from its last line that does not continue an open
    /// parenthesis, a trailing comma, or an attribute.
    static func lastStatement(_ header: String) -> String {
        var depth = 0
        var cut = header.endIndex
        var index = header.endIndex
        while index > header.startIndex {
            index = header.index(before: index)
            switch header[index] {
            case ")", "]": depth += 1
            case "(", "[": depth -= 1
            case "\n" where depth <= 0:
                let before = header[..<index].trimmingCharacters(in: .whitespaces)
                let after = header[header.index(after: index)..<cut].trimmingCharacters(in: .whitespaces)
                if !after.isEmpty, !before.hasSuffix(","), !before.hasSuffix("("), !after.hasPrefix("."), !after.hasPrefix(")") {
                    return String(header[header.index(after: index)...])
                }
                cut = index
            default: break
            }
        }
        return header
    }

    /// The declaration around a keyword at `offset`: from the start of its line, with the
    /// attribute-only lines just above it.
    static func declarationText(_ header: String, at offset: Int) -> String {
        let characters = Array(header)
        var start = offset
        while start > 0, characters[start - 1] != "\n" { start -= 1 }
        var lines = String(characters[start...])
        var above = start - 1
        while above > 0 {
            var lineStart = above
            while lineStart > 0, characters[lineStart - 1] != "\n" { lineStart -= 1 }
            let text = String(characters[lineStart..<above]).trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("@") || text.hasPrefix("nonisolated") else { break }
            lines = text + "\n" + lines
            above = lineStart - 1
        }
        return lines
    }

    static func has(_ word: String, in text: String) -> Bool {
        text.range(of: #"\b\#(word)\b"#, options: .regularExpression) != nil
    }

    /// The words outside parentheses, brackets and angle brackets, with their offsets.
    static func depthZeroWords(_ text: String) -> [(word: String, offset: Int)] {
        var words: [(String, Int)] = []
        var depth = 0
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { start = offset }
                current.append(character)
                continue
            }
            if !current.isEmpty, depth == 0 { words.append((current, start)) }
            current = ""
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth = max(0, depth - 1) }
        }
        if !current.isEmpty, depth == 0 { words.append((current, start)) }
        return words
    }
}
