import PaletteCore
import PaletteText
import ScreenCore
import Synchronization

/// What a key asks the app to do. The reducer performs commands; keys only select them.
///
/// No associated values, so `allCases` is the compiler's: a new command without a key fails
/// `KeyMapTests.testEveryCommandHasAKey`.
public enum Command: Hashable, Sendable, CaseIterable {
    case generate
    /// Ctrl-C: cancels a request in flight, otherwise quits.
    case interrupt
    /// Esc: cancels a request in flight, otherwise closes the filter.
    case cancel
    case quit
    case help
    /// Help is open: any key not bound in `.help` closes it (see `KeyMap.unboundKeyCommand`).
    case closeHelp
    case helpScrollUp, helpScrollDown, helpPageUp, helpPageDown
    case focusNext, focusPrevious
    case copySelected
    case copyPrimary, copySecondary, copyAccent
    case regenerate
    case selectPreviousPane, selectNextPane
    case historyUp, historyDown, historyPageUp, historyPageDown, historyFirst, historyLast
    case useHistoryDescription
    case startFilter, acceptFilter
    case toggleFavorite, toggleFavoritesOnly
    /// → and ← on the history: open or close a group of variations (`HistoryList.expanded`).
    case openGroup, closeGroup
    case deleteEntry
    /// The workbench (`WorkbenchKeys`): locks, the colour editor, swap, companion, refine,
    /// candidates, lineage, and undo/redo across them and history deletes.
    case toggleLockSelected, startLock, lockPrimary, lockSecondary, lockAccent
    /// `L` then a key that names no role: `unboundKeyCommand` in `.lockRole`.
    case cancelLockPrefix
    case startEdit, editNextChannel, editPreviousChannel
    case editIncrease, editDecrease, editIncreaseLarge, editDecreaseLarge
    case startHex, acceptHex, cancelHex, keepEdit, cancelEdit
    case swapRoles, deriveCompanion
    case undo, redo
    case startRefine, submitRefine, closeRefine
    case requestCandidates, candidatePrevious, candidateNext, keepCandidate, dismissCandidates
    case toggleLineage
    case cursorLeft, cursorRight, cursorHome, cursorEnd, cursorWordLeft, cursorWordRight
    /// ↑ and ↓ in the description field: the descriptions it gave up (`DescriptionRecall`).
    case recallOlder, recallNewer
    /// Accessibility (`AccessState.swift`): the audit panel, the repair key and its undo, the
    /// colour-vision simulation, the audit's background.
    case toggleAudit, repairSelected, cycleVision, cycleBackground
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward, deleteWordForward
    /// Ctrl-Z: the terminal is given back and the process stops, as in every terminal program.
    case suspend
    /// The export menu (`ExportKeys`, ExportMenu.swift): open, move, switch the variant, edit
    /// the file, write.
    case openExport, closeExport
    case exportUp, exportDown, exportPageUp, exportPageDown, exportFirst, exportLast
    case toggleExportVariant, editExportPath, leaveExportPath, writeExport
    /// The theme preview kept: the theme into the detected terminal's config (`Effect.applyTheme`).
    case applyPreview
    /// The live theme preview (ThemePreview.swift): any key not bound in `.preview` leaves it.
    case openPreview, closePreview, togglePreviewVariant
    /// The system view (`SystemKeys`, SystemView.swift): open, close, the other theme, the pairs.
    case openSystem, closeSystem, toggleSystemTheme, toggleSystemPairs
    /// `Y`: the shown palette's share string (palette, description, locks) to the clipboard.
    case copyShareString
    /// A picture (`ImageKeys`, Image/ImageReduce.swift): the path prompt, reading its path, leaving it.
    case openImagePrompt, readImagePath, closeImagePrompt

    /// The role a copy command names, if it names one.
    var copiedRole: Role? {
        switch self {
        case .copyPrimary: return .primary
        case .copySecondary: return .secondary
        case .copyAccent: return .accent
        default: return nil
        }
    }
}

/// Where a binding applies. Several contexts are active at once (see `KeyScope`).
public enum KeyContext: Hashable, Sendable, CaseIterable {
    /// Everywhere, text fields included.
    case anywhere
    /// A text field has the keyboard: the description or the history filter.
    case textField
    /// The description field has focus.
    case description
    /// The history filter is being typed.
    case filter
    /// Focus is outside any text field: letters are commands.
    case outsideField
    case button
    case panes
    case history
    /// The help overlay is open.
    case help
    /// `L` was pressed: the next key names the role to lock.
    case lockRole
    /// A colour is being edited with the arrows.
    case edit
    /// A hex code is being typed into the colour editor.
    case hexEntry
    /// The description field takes a refinement instruction.
    case refine
    /// Candidates are shown side by side.
    case candidates
    /// The export menu's list of formats has the keyboard.
    case exportMenu
    /// The export menu's file name is being typed.
    case exportPath
    /// The live theme preview shows.
    case preview
    /// The system view shows.
    case system
    /// The image path prompt has the keyboard.
    case imagePath

    var title: Localized {
        switch self {
        case .anywhere: return Localized("Anywhere", "任何位置", "任何位置")
        case .textField: return Localized("Text fields", "文字欄位", "文字栏位")
        case .description: return Localized("Description", "描述欄", "描述栏")
        case .filter: return Localized("History filter", "歷史篩選", "历史筛选")
        case .outsideField: return Localized("Outside the text field", "文字欄位以外", "文字栏位以外")
        case .button: return Localized("Generate button", "生成按鈕", "生成按钮")
        case .panes: return Localized("Colour panes", "色塊", "色块")
        case .history: return Localized("History list", "歷史清單", "历史列表")
        case .help: return Localized("Help", "說明", "说明")
        case .lockRole: return Localized("After L", "按 L 之後", "按 L 之后")
        case .edit: return Localized("Editing a colour", "編輯顏色", "编辑颜色")
        case .hexEntry: return Localized("Typing a hex code", "輸入色碼", "输入色码")
        case .refine: return Localized("Refining", "微調配色", "微调配色")
        case .candidates: return Localized("Candidates", "候選配色", "候选配色")
        case .exportMenu: return Localized("Export menu", "匯出選單", "导出菜单")
        case .exportPath: return Localized("Export file name", "匯出檔名", "导出文件名")
        case .preview: return Localized("Theme preview", "主題預覽", "主题预览")
        case .system: return Localized("Design system view", "設計系統檢視", "设计系统视图")
        case .imagePath: return ImageAppText.contextTitle
        }
    }
}

extension Focus {
    /// The area's name, as help titles it: "Colour panes".
    var title: Localized {
        switch self {
        case .description: return KeyContext.description.title
        case .button: return KeyContext.button.title
        case .panes: return KeyContext.panes.title
        case .history: return KeyContext.history.title
        }
    }
}

/// Where the keyboard is, as one value: the reducer picks one from the state, and it names the
/// contexts in force, most specific first. The one list of context combinations, which the
/// reducer's dispatch and the status line's table of hints both use.
public enum KeyScope: Hashable, Sendable, CaseIterable {
    case description, filter, button, panes, history, help
    case lockRole, edit, hexEntry, refine, candidates
    case exportMenu, exportPath, preview, system, imagePath

    var contexts: [KeyContext] { Self.contextTable[ordinal] }

    /// The scope's place in `allCases`, by a switch: `contextTable` is read by it on every key
    /// and every status line, where hashing the scope for a dictionary cost more than the rest.
    fileprivate var ordinal: Int {
        switch self {
        case .description: 0
        case .filter: 1
        case .button: 2
        case .panes: 3
        case .history: 4
        case .help: 5
        case .lockRole: 6
        case .edit: 7
        case .hexEntry: 8
        case .refine: 9
        case .candidates: 10
        case .exportMenu: 11
        case .exportPath: 12
        case .preview: 13
        case .system: 14
        case .imagePath: 15
        }
    }

    private static func makeContexts(_ scope: KeyScope) -> [KeyContext] {
        switch scope {
        case .description: return [.description, .textField, .anywhere]
        case .filter: return [.filter, .textField, .anywhere]
        case .button: return [.button, .outsideField, .anywhere]
        case .panes: return [.panes, .outsideField, .anywhere]
        case .history: return [.history, .outsideField, .anywhere]
        // Help takes every key: only its own bindings apply, the rest close it.
        case .help: return [.help]
        // Only the role keys (and ^C) apply; any other key cancels the prefix.
        case .lockRole: return [.lockRole]
        case .edit: return [.edit, .anywhere]
        case .hexEntry: return [.hexEntry, .textField, .anywhere]
        case .refine: return [.refine, .textField, .anywhere]
        case .candidates: return [.candidates, .anywhere]
        // Modal: only their own bindings apply; the file name is a text field.
        case .exportMenu: return [.exportMenu]
        case .exportPath: return [.exportPath, .textField]
        // Like help: every key not bound here leaves the preview.
        case .preview: return [.preview]
        // Modal, like the export menu: keys it does not bind do nothing.
        case .system: return [.system]
        // A text field of its own: Enter reads the path, Esc leaves.
        case .imagePath: return [.imagePath, .textField, .anywhere]
        }
    }

    /// Every scope's contexts, built once: `contexts` is read for every key and every status
    /// line, and an array literal would be a new allocation each time.
    private static let contextTable: [[KeyContext]] = {
        let table = allCases.map(makeContexts)
        precondition(allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal }, "KeyScope ordinals")
        return table
    }()
}

/// One row of the key table: the keys, where they apply, what they do and how help describes it.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    /// How the keys are written in help and in the status line: "Enter", "^C", "↑/↓ j/k".
    public var label: String
    public var context: KeyContext
    public var command: Command
    /// What help says; nil when the row above already describes this key ("←/→").
    public var help: Localized?
    /// Short text for the status line; nil keeps the binding out of it.
    public var footer: Localized?
}

/// The one key table: the reducer dispatches through it and the help overlay and status line
/// are drawn from it, so documentation cannot drift from behaviour.
public enum KeyMap {
    public static let bindings: [KeyBinding] =
        [
            // Anywhere
            KeyBinding(
                keys: [.function(1)], label: "F1", context: .anywhere, command: .help,
                help: Localized("This help", "此說明", "此说明"), footer: Localized("help", "說明", "说明")),
            KeyBinding(
                keys: [.tab], label: "Tab", context: .anywhere, command: .focusNext,
                help: Localized("Next area", "下一區", "下一区"),
                footer: Localized("next", "下一區", "下一区")),
            KeyBinding(
                keys: [.backTab], label: "S-Tab", context: .anywhere, command: .focusPrevious,
                help: Localized("Previous area", "上一區", "上一区"), footer: nil),
            KeyBinding(
                keys: [.escape], label: "Esc", context: .anywhere, command: .cancel,
                help: Localized("Cancel request / filter", "取消請求／篩選", "取消请求／筛选"), footer: nil),
            KeyBinding(
                keys: [.control("c")], label: "^C", context: .anywhere, command: .interrupt,
                help: Localized("Cancel request, or quit", "取消請求，或離開", "取消请求，或退出"),
                footer: Localized("quit", "離開", "退出")),
            KeyBinding(
                keys: [.control("z")], label: "^Z", context: .anywhere, command: .suspend,
                help: Localized("Suspend (fg resumes)", "暫停程式（fg 繼續）", "暂停程序（fg 继续）"), footer: nil),

            // Description field
            KeyBinding(
                keys: [.enter], label: "Enter", context: .description, command: .generate,
                help: Localized("Generate a palette", "生成配色", "生成配色"),
                footer: Localized("generate", "生成", "生成")),
            KeyBinding(
                keys: [.up], label: "↑/↓", context: .description, command: .recallOlder,
                help: Localized("Earlier / later description", "上一個／下一個描述", "上一个／下一个描述"),
                footer: nil),
            KeyBinding(keys: [.down], label: "↓", context: .description, command: .recallNewer, help: nil, footer: nil),

            // Text fields
            KeyBinding(
                keys: [.left], label: "←/→", context: .textField, command: .cursorLeft,
                help: Localized("Move the cursor", "移動游標", "移动光标"), footer: nil),
            KeyBinding(
                keys: [.right], label: "→", context: .textField, command: .cursorRight,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.alt("b"), .controlLeft], label: "Alt-b/f", context: .textField, command: .cursorWordLeft,
                help: Localized("Back / next word (^←/^→)", "前／後一個詞（^←/^→）", "前／后一个词（^←/^→）"),
                footer: nil),
            KeyBinding(
                keys: [.alt("f"), .controlRight], label: "Alt-f", context: .textField, command: .cursorWordRight,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.home, .control("a")], label: "Home/End", context: .textField, command: .cursorHome,
                help: Localized("Start / end (or ^A ^E)", "開頭／結尾（或 ^A ^E）", "开头／结尾（或 ^A ^E）"),
                footer: nil),
            KeyBinding(
                keys: [.end, .control("e")], label: "End", context: .textField, command: .cursorEnd,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.backspace, .control("h")], label: "⌫", context: .textField, command: .deleteBackward,
                help: Localized("Delete before the cursor", "刪除游標前的字", "删除光标前的字"), footer: nil),
            KeyBinding(
                keys: [.delete, .control("d")], label: "Del ^D", context: .textField, command: .deleteForward,
                help: Localized("Delete under the cursor", "刪除游標處的字", "删除光标处的字"), footer: nil),
            KeyBinding(
                keys: [.control("u")], label: "^U/^K", context: .textField, command: .deleteToStart,
                help: Localized("Delete to start / end", "刪除至開頭／結尾", "删除至开头／结尾"), footer: nil),
            KeyBinding(
                keys: [.control("k")], label: "^K", context: .textField, command: .deleteToEnd,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.control("w"), .altBackspace], label: "^W Alt-⌫", context: .textField,
                command: .deleteWordBackward,
                help: Localized("Delete the previous word", "刪除前一個詞", "删除前一个词"), footer: nil),
            KeyBinding(
                keys: [.alt("d")], label: "Alt-d", context: .textField, command: .deleteWordForward,
                help: Localized("Delete the next word", "刪除後一個詞", "删除后一个词"), footer: nil),

            // History filter
            KeyBinding(
                keys: [.enter], label: "Enter", context: .filter, command: .acceptFilter,
                help: Localized("Keep filter, back to list", "保留篩選並回到清單", "保留筛选并回到列表"),
                footer: Localized("done", "完成", "完成")),
            KeyBinding(
                keys: [.up], label: "↑/↓", context: .filter, command: .historyUp,
                help: Localized("Move through matches", "在結果中移動", "在结果中移动"), footer: nil),
            KeyBinding(keys: [.down], label: "↓", context: .filter, command: .historyDown, help: nil, footer: nil),

            // Button
            KeyBinding(
                keys: [.enter, .character(" ")], label: "Enter", context: .button, command: .generate,
                help: Localized("Generate a palette", "生成配色", "生成配色"),
                footer: Localized("generate", "生成", "生成")),

            // Panes
            KeyBinding(
                keys: [.left, .character("h")], label: "←/→", context: .panes, command: .selectPreviousPane,
                help: Localized("Select a colour", "選擇顏色", "选择颜色"),
                footer: Localized("select", "選擇", "选择")),
            KeyBinding(
                keys: [.right, .character("l")], label: "→", context: .panes, command: .selectNextPane,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.character("c"), .enter], label: "c Enter", context: .panes, command: .copySelected,
                help: Localized("Copy the selected hex", "複製所選色碼", "复制所选色码"),
                footer: Localized("copy", "複製", "复制")),

            // History list
            KeyBinding(
                keys: [.up, .character("k")], label: "↑/↓ j/k", context: .history, command: .historyUp,
                help: Localized("Move through history", "瀏覽歷史紀錄", "浏览历史记录"),
                footer: Localized("move", "移動", "移动")),
            KeyBinding(
                keys: [.down, .character("j")], label: "↓ j", context: .history, command: .historyDown,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.pageUp], label: "PgUp/PgDn", context: .history, command: .historyPageUp,
                help: Localized("Move a page", "翻頁", "翻页"), footer: nil),
            KeyBinding(
                keys: [.pageDown], label: "PgDn", context: .history, command: .historyPageDown,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.home, .character("g")], label: "Home/End", context: .history, command: .historyFirst,
                help: Localized("Newest / oldest", "最新／最舊", "最新／最旧"), footer: nil),
            KeyBinding(
                keys: [.end, .character("G")], label: "End", context: .history, command: .historyLast,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.right], label: "→/←", context: .history, command: .openGroup,
                help: Localized("Open / close a group of variations", "展開／收合一組變化", "展开／收合一组变化"),
                footer: nil),
            KeyBinding(keys: [.left], label: "←", context: .history, command: .closeGroup, help: nil, footer: nil),
            KeyBinding(
                keys: [.enter], label: "Enter", context: .history, command: .useHistoryDescription,
                help: Localized("Put description in field", "把描述放回輸入欄", "把描述放回输入栏"),
                footer: Localized("use", "使用", "使用")),
            KeyBinding(
                keys: [.character("f")], label: "f", context: .history, command: .toggleFavorite,
                help: Localized("Mark / unmark favourite", "加入／移出收藏", "加入／移出收藏"),
                footer: Localized("★", chinese: "★")),
            KeyBinding(
                keys: [.character("F")], label: "F", context: .history, command: .toggleFavoritesOnly,
                help: Localized("Favourites only / all", "只顯示收藏／全部", "只显示收藏／全部"),
                footer: nil),
            KeyBinding(
                keys: [.character("d"), .delete], label: "d", context: .history, command: .deleteEntry,
                help: Localized("Delete the palette", "刪除此配色", "删除此配色"),
                footer: Localized("delete", "刪除", "删除")),

            // Outside the text field
            KeyBinding(
                keys: [.character("1")], label: "1/2/3", context: .outsideField, command: .copyPrimary,
                help: Localized("Copy colour 1, 2 or 3", "複製第 1、2、3 色", "复制第 1、2、3 色"), footer: nil),
            KeyBinding(
                keys: [.character("2")], label: "2", context: .outsideField, command: .copySecondary,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.character("3")], label: "3", context: .outsideField, command: .copyAccent,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.character("r")], label: "r", context: .outsideField, command: .regenerate,
                help: Localized("Variation of description", "生成此描述的變化", "生成此描述的变化"),
                footer: Localized("variation", "變化", "变化")),
            KeyBinding(
                keys: [.character("/")], label: "/", context: .outsideField, command: .startFilter,
                help: Localized("Filter the history", "篩選歷史紀錄", "筛选历史记录"), footer: nil),
            KeyBinding(
                keys: [.character("?")], label: "?", context: .outsideField, command: .help,
                help: Localized("This help", "此說明", "此说明"),
                footer: Localized("help", "說明", "说明")),
            KeyBinding(
                keys: [.character("q")], label: "q", context: .outsideField, command: .quit,
                help: Localized("Quit", "離開", "退出"), footer: Localized("quit", "離開", "退出")),
            // Accessibility (`AccessState.swift`), after quit so the footer keeps help and quit first.
            KeyBinding(
                keys: [.character("a")], label: "a", context: .outsideField, command: .toggleAudit,
                help: Localized("Audit: show / hide", "對比檢查：顯示／隱藏", "对比检查：显示／隐藏"),
                footer: Localized("audit", "檢查", "检查")),
            KeyBinding(
                keys: [.character("x")], label: "x", context: .outsideField, command: .repairSelected,
                help: Localized("Repair selected colour", "修正所選顏色", "修正所选颜色"),
                footer: Localized("repair", "修正", "修正")),
            KeyBinding(
                keys: [.character("v")], label: "v", context: .outsideField, command: .cycleVision,
                help: Localized("Simulate colour vision", "模擬色覺（紅／綠／藍）", "模拟色觉（红／绿／蓝）"),
                footer: Localized("vision", "色覺", "色觉")),
            KeyBinding(
                keys: [.character("b")], label: "b", context: .outsideField, command: .cycleBackground,
                help: Localized("Audit on light / dark", "檢查背景：淺／深", "检查背景：浅／深"), footer: nil),

            // Help overlay: the arrows scroll a key table that does not fit; Ctrl-C still cancels
            // or quits; every other key closes help (`unboundKeyCommand`). Not listed in help itself.
            KeyBinding(
                keys: [.up, .character("k")], label: "↑ k", context: .help, command: .helpScrollUp,
                help: nil, footer: nil),
            KeyBinding(
                keys: [.down, .character("j")], label: "↓ j", context: .help, command: .helpScrollDown,
                help: nil, footer: nil),
            KeyBinding(keys: [.pageUp], label: "PgUp", context: .help, command: .helpPageUp, help: nil, footer: nil),
            KeyBinding(
                keys: [.pageDown], label: "PgDn", context: .help, command: .helpPageDown, help: nil, footer: nil),
            KeyBinding(keys: [.control("c")], label: "^C", context: .help, command: .interrupt, help: nil, footer: nil),
            // Ctrl-Z suspends in the modes that take every key too (`.anywhere` covers the rest).
            KeyBinding(keys: [.control("z")], label: "^Z", context: .help, command: .suspend, help: nil, footer: nil),
            KeyBinding(
                keys: [.control("z")], label: "^Z", context: .lockRole, command: .suspend, help: nil, footer: nil),
            KeyBinding(
                keys: [.control("z")], label: "^Z", context: .exportMenu, command: .suspend, help: nil, footer: nil),
            KeyBinding(
                keys: [.control("z")], label: "^Z", context: .exportPath, command: .suspend, help: nil, footer: nil),
            KeyBinding(
                keys: [.control("z")], label: "^Z", context: .preview, command: .suspend, help: nil, footer: nil),
        ] + WorkbenchKeys.bindings + ExportKeys.bindings + SystemKeys.bindings + ImageKeys.bindings + [
            KeyBinding(
                keys: [.character("Y")], label: "Y", context: .outsideField, command: .copyShareString,
                help: Localized("Copy the share string", "複製分享字串", "复制分享字符串"),
                footer: nil)
        ]

    /// What a key no binding lists does in `scope`: in help it closes help, after `L` it
    /// cancels the prefix; elsewhere nothing (a text field types printable characters).
    static func unboundKeyCommand(in scope: KeyScope) -> Command? {
        switch scope {
        case .help: return .closeHelp
        case .lockRole: return .cancelLockPrefix
        case .preview: return .closePreview
        default: return nil
        }
    }

    /// The label of the first key that opens help in `scope` ("F1" in a text field, "?" outside).
    ///
    /// From a table built once: the title bar asks on every key, and working it out walks the
    /// key table and splits a label (about 5 % of a keystroke's CPU in a profile).
    static func helpKey(in scope: KeyScope) -> String {
        helpKeys[scope.ordinal]
    }

    /// By the scope's ordinal: the title bar asks on every key, and hashing the scope for a
    /// dictionary was most of building its part.
    private static let helpKeys: [String] = KeyScope.allCases.map { findHelpKey(in: $0) }

    private static func findHelpKey(in scope: KeyScope) -> String {
        // By index over the split-out columns: a binding is copied only once found.
        for context in scope.contexts {
            if let index = contextOf.indices.first(where: { contextOf[$0] == context && commandOf[$0] == .help }) {
                return shortLabel(bindings[index])
            }
        }
        return "F1"
    }

    /// The context groups in the order help lists them.
    public static let helpOrder: [KeyContext] = [
        .anywhere, .description, .textField, .outsideField, .panes, .history, .filter, .button,
        .edit, .hexEntry, .refine, .candidates, .exportMenu, .exportPath, .preview, .system, .imagePath,
    ]

    /// The first binding for `key` among the active contexts, most specific context first.
    ///
    /// Looked up by key in a table built once from `bindings` (in table order), since every
    /// keystroke asks.
    public static func binding(for key: Key, in contexts: [KeyContext]) -> KeyBinding? {
        bindingIndex(for: key, in: contexts).map { bindings[$0] }
    }

    /// The command of `binding(for:in:)`: what the reducer asks on every key, without copying
    /// the binding (its keys, label and words) out of the table.
    static func command(for key: Key, in contexts: [KeyContext]) -> Command? {
        bindingIndex(for: key, in: contexts).map { commandOf[$0] }
    }

    /// `bindings[i].command` and `.context`, apart, so a lookup reads no whole binding.
    private static let commandOf: [Command] = bindings.map(\.command)
    private static let contextOf: [KeyContext] = bindings.map(\.context)

    private static func bindingIndex(for key: Key, in contexts: [KeyContext]) -> Int? {
        // Most keys are typed letters no binding lists: answer without hashing a Character
        // (hashing one normalises it, which is dear for CJK).
        let candidates: [Int]
        if case .character(let c) = key, let ascii = c.asciiValue {
            candidates = byASCII[Int(ascii)]
        } else if case .character = key, !bindsNonASCII {
            return nil
        } else if let listed = byKey[key] {
            candidates = listed
        } else {
            return nil
        }
        for context in contexts {
            for index in candidates where contextOf[index] == context {
                return index
            }
        }
        return nil
    }

    /// `byASCII[b]`: `byKey` for the character with ASCII code `b`, indexed rather than hashed
    /// (most letters are bound somewhere, and a typed one is looked up on every key).
    private static let byASCII: [[Int]] = (0..<128).map { code in
        byKey[.character(Character(Unicode.Scalar(UInt8(code))))] ?? []
    }

    /// Whether some binding lists a character that is not ASCII.
    private static let bindsNonASCII = bindings.contains { binding in
        binding.keys.contains { key in
            if case .character(let c) = key { return c.asciiValue == nil }
            return false
        }
    }

    /// Indices into `bindings` of the rows that list each key, in table order.
    private static let byKey: [Key: [Int]] = {
        var table: [Key: [Int]] = [:]
        for (index, binding) in bindings.enumerated() {
            for key in binding.keys where table[key]?.last != index { table[key, default: []].append(index) }
        }
        return table
    }()

    /// The status-line hints for the active contexts: "Enter generate · Tab next · ^C quit".
    ///
    /// Each footer is built from `bindings` the first time its contexts and language are drawn,
    /// then looked up, so drawing the status line does not walk the key table on every frame
    /// (building every scope in every language up front cost the first frame about 0.8 ms).
    static func footer(
        for contexts: [KeyContext], language: Language, excluding: Set<Command> = []
    ) -> [(key: String, text: String)] {
        let key = FooterKey(contexts: contexts, language: language)
        let all = footers.withLock { table in
            if let built = table[key] { return built }
            let built = buildFooter(for: contexts, language: language)
            table[key] = built
            return built
        }
        return all.filter { !excluding.contains($0.command) }.map { ($0.key, $0.text) }
    }

    private struct FooterKey: Hashable {
        var contexts: [KeyContext]
        var language: Language
    }

    private static let footers = Mutex<[FooterKey: [(key: String, text: String, command: Command)]]>([:])

    private static func buildFooter(
        for contexts: [KeyContext], language: Language
    ) -> [(key: String, text: String, command: Command)] {
        var out: [(key: String, text: String, command: Command)] = []
        var seen = Set<String>()
        // A key a more specific context binds does that context's command: its hint goes.
        var claimed = Set<Key>()
        for context in contexts {
            let rows = bindings.filter { $0.context == context }
            for binding in rows {
                guard let footer = binding.footer, !binding.keys.contains(where: claimed.contains) else { continue }
                let text = footer(language)
                guard !seen.contains(text) else { continue }
                seen.insert(text)
                out.append((shortLabel(binding), text, binding.command))
            }
            for binding in rows { claimed.formUnion(binding.keys) }
        }
        return out
    }

    /// The first key of a label ("↑/↓ j/k" stays whole; "c Enter" becomes "c").
    static func shortLabel(_ binding: KeyBinding) -> String {
        binding.label.split(separator: " ").first.map(String.init) ?? binding.label
    }
}

extension KeyMap {
    /// The help overlay's sections (and the man page's): each context's title and its rows (key label, what it does),
    /// exactly as the app lists them.
    public static func helpSections(_ language: Language) -> [(title: String, rows: [(key: String, text: String)])] {
        var sections: [(title: String, rows: [(key: String, text: String)])] = []
        for context in KeyMap.helpOrder {
            let rows = KeyMap.bindings.filter { $0.context == context && $0.help != nil }
            guard !rows.isEmpty else { continue }
            sections.append((context.title(language), rows.map { ($0.label, $0.help.map { $0(language) } ?? "") }))
        }
        return sections
    }
}
