import FoundationEssentials
import Glibc
import PaletteCore

/// The one reading of a model's answer text, the same for every provider: reasoning and
/// fences taken off, then `PaletteParser`, then the checks a schema cannot make.
///
/// Thinking models (DeepSeek-R1, Qwen3, gpt-oss through some servers) put their reasoning in
/// the answer inside `<think>...</think>`; that text is never read for colours, since it often
/// holds candidate palettes the model then rejected. An answer that opens a think block and
/// never closes it was cut off while reasoning: it holds no answer.
public enum ModelAnswer {
    /// What an answer text is: a palette, or exactly what was wrong with it (in words the model
    /// is shown when it is asked again, and the user sees in a failure).
    public enum Reading: Hashable, Sendable {
        case palette(Palette)
        case problem(String)
    }

    /// The tags whose content is reasoning, not answer.
    static let reasoningTags = ["think", "thinking", "reasoning"]

    /// Reads `text`: stripped of reasoning and fences, parsed, and checked.
    public static func read(_ text: String) -> Reading {
        if text.trimmed().isEmpty {
            return .problem("the reply was empty")
        }
        let answer = stripped(text)
        if answer.trimmed().isEmpty {
            return .problem("the reply held only reasoning and no answer")
        }
        let palette: Palette
        do {
            palette = try PaletteParser.parse(answer)
        } catch {
            return .problem(String(describing: error))
        }
        let roles = Role.allCases
        for (i, a) in roles.enumerated() {
            for b in roles[(i + 1)...] where palette[a] == palette[b] {
                return .problem(
                    "\(a.rawValue) and \(b.rawValue) are both \(palette[a].hex): the three colours must differ")
            }
        }
        return .palette(palette)
    }

    /// `text` without reasoning blocks and without Markdown fence lines.
    ///
    /// Every `<think>...</think>` block (also `<thinking>` and `<reasoning>`, any case) is
    /// removed; an unclosed one removes everything after it. Lines that are only a fence
    /// (```` ``` ```` or ```` ```json ````) are dropped, keeping what they fenced.
    public static func stripped(_ text: String) -> String {
        var rest = Substring(text)
        var out = ""
        while let (open, tag) = firstOpening(in: rest) {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.scalarRange(of: "</\(tag)>", ignoringCase: true) else {
                rest = ""
                break
            }
            rest = after[close.upperBound...]
        }
        out += rest
        return
            out
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                let trimmed = line.trimmedSpaces()
                return !(trimmed.hasPrefix("```") && !trimmed.dropFirst(3).contains(where: { $0 == " " || $0 == "{" }))
            }
            .joined(separator: "\n")
    }

    /// The first reasoning tag's opening (`<think>`, any case) in `text`, and its name.
    private static func firstOpening(in text: Substring) -> (Range<Substring.Index>, String)? {
        var best: (Range<Substring.Index>, String)?
        for tag in reasoningTags {
            if let range = text.scalarRange(of: "<\(tag)>", ignoringCase: true),
                best.map({ range.lowerBound < $0.0.lowerBound }) ?? true
            {
                best = (range, tag)
            }
        }
        return best
    }
}
