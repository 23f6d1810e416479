import PaletteText

/// The workbench's rows of the one key table (`KeyMap.bindings` ends with these), kept in their
/// own file so the table's older rows and these change apart. Help and the status line show them
/// like any other row.
enum WorkbenchKeys {
    static let bindings: [KeyBinding] = [
        // Outside the text field
        KeyBinding(
            keys: [.character("L")], label: "L 1/2/3", context: .outsideField, command: .startLock,
            help: Localized("Lock / unlock 1, 2 or 3", "鎖定／解鎖第 1、2、3 色", "锁定／解锁第 1、2、3 色"),
            footer: nil),
        KeyBinding(
            keys: [.character("s")], label: "s", context: .outsideField, command: .swapRoles,
            help: Localized("Swap with the next colour", "所選顏色與下一色互換", "所选颜色与下一色互换"),
            footer: nil),
        KeyBinding(
            keys: [.character("m")], label: "m", context: .outsideField, command: .deriveCompanion,
            help: Localized("Light / dark companion", "淺色／深色版本", "浅色／深色版本"), footer: nil),
        KeyBinding(
            keys: [.character("R")], label: "R", context: .outsideField, command: .startRefine,
            help: Localized("Refine by text", "用文字微調配色", "用文字微调配色"),
            footer: Localized("refine", "微調", "微调")),
        KeyBinding(
            keys: [.character("C")], label: "C", context: .outsideField, command: .requestCandidates,
            help: Localized("Candidates side by side", "並排比較候選配色", "并排比较候选配色"), footer: nil),
        KeyBinding(
            keys: [.character("u")], label: "u", context: .outsideField, command: .undo,
            help: Localized("Undo a change or delete", "復原變更或刪除", "撤销变更或删除"),
            footer: Localized("undo", "復原", "撤销")),
        KeyBinding(
            keys: [.character("U")], label: "U", context: .outsideField, command: .redo,
            help: Localized("Redo", "重做", "重做"), footer: nil),

        // Panes
        KeyBinding(
            keys: [.character(" ")], label: "Space", context: .panes, command: .toggleLockSelected,
            help: Localized("Lock / unlock this colour", "鎖定／解鎖所選顏色", "锁定／解锁所选颜色"),
            footer: Localized("lock", "鎖定", "锁定")),
        KeyBinding(
            keys: [.character("e")], label: "e", context: .panes, command: .startEdit,
            help: Localized("Edit the selected colour", "編輯所選顏色", "编辑所选颜色"),
            footer: Localized("edit", "編輯", "编辑")),

        // History list
        KeyBinding(
            keys: [.character("i")], label: "i", context: .history, command: .toggleLineage,
            help: Localized("How the palette was made", "配色的來歷", "配色的来历"),
            footer: Localized("lineage", "來歷", "来历")),

        // After L: the role, or any other key to cancel (`unboundKeyCommand`).
        KeyBinding(
            keys: [.character("1")], label: "1", context: .lockRole, command: .lockPrimary, help: nil,
            footer: Localized("primary", "主色", "主色")),
        KeyBinding(
            keys: [.character("2")], label: "2", context: .lockRole, command: .lockSecondary, help: nil,
            footer: Localized("secondary", "輔助色", "辅助色")),
        KeyBinding(
            keys: [.character("3")], label: "3", context: .lockRole, command: .lockAccent, help: nil,
            footer: Localized("accent", "強調色", "强调色")),
        KeyBinding(keys: [.control("c")], label: "^C", context: .lockRole, command: .interrupt, help: nil, footer: nil),

        // Editing a colour
        KeyBinding(
            keys: [.up, .character("k")], label: "↑/↓", context: .edit, command: .editIncrease,
            help: Localized("Small step up / down", "小幅調高／調低", "小幅调高／调低"),
            footer: Localized("adjust", "調整", "调整")),
        KeyBinding(
            keys: [.down, .character("j")], label: "↓", context: .edit, command: .editDecrease, help: nil,
            footer: nil),
        KeyBinding(
            keys: [.pageUp], label: "PgUp/PgDn", context: .edit, command: .editIncreaseLarge,
            help: Localized("Large step up / down", "大幅調高／調低", "大幅调高／调低"), footer: nil),
        KeyBinding(
            keys: [.pageDown], label: "PgDn", context: .edit, command: .editDecreaseLarge, help: nil, footer: nil),
        KeyBinding(
            keys: [.left, .character("h"), .backTab], label: "←/→", context: .edit, command: .editPreviousChannel,
            help: Localized(
                "Lightness, chroma or hue", "選擇明度、彩度或色相", "选择明度、彩度或色相"),
            footer: Localized("L/C/H", chinese: "L/C/H")),
        KeyBinding(
            keys: [.right, .character("l"), .tab], label: "→", context: .edit, command: .editNextChannel,
            help: nil, footer: nil),
        KeyBinding(
            keys: [.character("#")], label: "#", context: .edit, command: .startHex,
            help: Localized("Type a hex code", "輸入色碼", "输入色码"), footer: Localized("hex", "色碼", "色码")),
        KeyBinding(
            keys: [.enter], label: "Enter", context: .edit, command: .keepEdit,
            help: Localized("Keep the colour", "保留此顏色", "保留此颜色"), footer: Localized("keep", "保留", "保留")),
        KeyBinding(
            keys: [.escape], label: "Esc", context: .edit, command: .cancelEdit,
            help: Localized("Put the colour back", "還原顏色", "还原颜色"), footer: Localized("restore", "還原", "还原")),

        // Typing a hex code
        KeyBinding(
            keys: [.enter], label: "Enter", context: .hexEntry, command: .keepEdit,
            help: Localized("Keep the colour", "保留此顏色", "保留此颜色"), footer: Localized("keep", "保留", "保留")),
        KeyBinding(
            keys: [.tab], label: "Tab", context: .hexEntry, command: .acceptHex,
            help: Localized("Back to the L/C/H keys", "回到 L/C/H 調整", "回到 L/C/H 调整"),
            footer: Localized("L/C/H", chinese: "L/C/H")),
        KeyBinding(
            keys: [.escape], label: "Esc", context: .hexEntry, command: .cancelHex,
            help: Localized("Back, without the code", "返回，不用此色碼", "返回，不用此色码"),
            footer: Localized("back", "返回", "返回")),

        // Refining
        KeyBinding(
            keys: [.enter], label: "Enter", context: .refine, command: .submitRefine,
            help: Localized("Refine by the instruction", "依指示微調", "依指示微调"),
            footer: Localized("refine", "微調", "微调")),
        KeyBinding(
            keys: [.escape], label: "Esc", context: .refine, command: .closeRefine,
            help: Localized("Back to the description", "回到描述", "回到描述"), footer: Localized("back", "返回", "返回")),

        // Candidates
        KeyBinding(
            keys: [.left, .character("h"), .backTab], label: "←/→", context: .candidates,
            command: .candidatePrevious,
            help: Localized("Choose a candidate", "選擇候選配色", "选择候选配色"),
            footer: Localized("choose", "選擇", "选择")),
        KeyBinding(
            keys: [.right, .character("l"), .tab], label: "→", context: .candidates, command: .candidateNext,
            help: nil, footer: nil),
        KeyBinding(
            keys: [.enter], label: "Enter", context: .candidates, command: .keepCandidate,
            help: Localized("Keep this candidate", "保留此候選", "保留此候选"), footer: Localized("keep", "保留", "保留")),
        KeyBinding(
            keys: [.escape], label: "Esc", context: .candidates, command: .dismissCandidates,
            help: Localized("Keep none", "都不要", "都不要"), footer: Localized("none", "都不要", "都不要")),
    ]
}
