import PaletteText

/// The export menu's and the theme preview's rows of the one key table (`KeyMap.bindings` ends
/// with these), in their own file like the workbench's. Help and the status line show them.
enum ExportKeys {
    static let bindings: [KeyBinding] = [
        // Outside the text field (the workbench has `e` in the panes: edit a colour)
        KeyBinding(
            keys: [.character("E")], label: "E", context: .outsideField, command: .openExport,
            help: Localized("Export to a file", "匯出成檔案", "导出为文件"),
            footer: Localized("export", "匯出", "导出")),
        KeyBinding(
            keys: [.character("t")], label: "t", context: .outsideField, command: .openPreview,
            help: Localized("Try the theme live", "即時試用終端機主題", "实时试用终端主题"),
            footer: nil),

        // Export menu: the list of formats
        KeyBinding(
            keys: [.up, .character("k")], label: "↑/↓ j/k", context: .exportMenu, command: .exportUp,
            help: Localized("Choose a format", "選擇格式", "选择格式"), footer: Localized("choose", "選擇", "选择")),
        KeyBinding(
            keys: [.down, .character("j")], label: "↓ j", context: .exportMenu, command: .exportDown,
            help: nil, footer: nil),
        KeyBinding(
            keys: [.pageUp], label: "PgUp/PgDn", context: .exportMenu, command: .exportPageUp,
            help: Localized("Move a page", "翻頁", "翻页"), footer: nil),
        KeyBinding(
            keys: [.pageDown], label: "PgDn", context: .exportMenu, command: .exportPageDown, help: nil, footer: nil),
        KeyBinding(
            keys: [.home, .character("g")], label: "Home/End", context: .exportMenu, command: .exportFirst,
            help: Localized("First / last format", "第一個／最後一個格式", "第一个／最后一个格式"), footer: nil),
        KeyBinding(
            keys: [.end, .character("G")], label: "End", context: .exportMenu, command: .exportLast,
            help: nil, footer: nil),
        KeyBinding(
            keys: [.enter], label: "Enter", context: .exportMenu, command: .writeExport,
            help: Localized("Write the file", "寫出檔案", "写出文件"), footer: Localized("write", "寫出", "写出")),
        KeyBinding(
            keys: [.character("v")], label: "v", context: .exportMenu, command: .toggleExportVariant,
            help: Localized("Dark / light theme", "深色／淺色主題", "深色／浅色主题"),
            footer: Localized("dark/light", "深／淺", "深／浅")),
        KeyBinding(
            keys: [.tab, .backTab], label: "Tab", context: .exportMenu, command: .editExportPath,
            help: Localized("Edit the file name", "修改檔名", "修改文件名"), footer: Localized("name", "檔名", "文件名")),
        KeyBinding(
            keys: [.character("t")], label: "t", context: .exportMenu, command: .openPreview,
            help: Localized("Preview the theme on this terminal", "在此終端機預覽主題", "在此终端预览主题"),
            footer: Localized("preview", "預覽", "预览")),
        KeyBinding(
            keys: [.escape, .character("q")], label: "Esc q", context: .exportMenu, command: .closeExport,
            help: Localized("Close the menu", "關閉選單", "关闭菜单"), footer: Localized("close", "關閉", "关闭")),
        KeyBinding(
            keys: [.control("c")], label: "^C", context: .exportMenu, command: .interrupt,
            help: Localized("Cancel request, or quit", "取消請求，或離開", "取消请求，或退出"), footer: nil),

        // Export menu: the file name
        KeyBinding(
            keys: [.enter], label: "Enter", context: .exportPath, command: .writeExport,
            help: Localized("Write the file", "寫出檔案", "写出文件"), footer: Localized("write", "寫出", "写出")),
        KeyBinding(
            keys: [.tab, .backTab, .escape], label: "Tab Esc", context: .exportPath, command: .leaveExportPath,
            help: Localized("Back to the formats", "回到格式清單", "回到格式列表"), footer: Localized("formats", "格式", "格式")),
        KeyBinding(
            keys: [.control("c")], label: "^C", context: .exportPath, command: .interrupt,
            help: Localized("Cancel request, or quit", "取消請求，或離開", "取消请求，或退出"), footer: nil),

        // Theme preview: every other key leaves it (`unboundKeyCommand`)
        KeyBinding(
            keys: [.escape, .enter], label: "Esc", context: .preview, command: .closePreview,
            help: Localized("Back, the terminal's colours restored", "返回並恢復終端機的顏色", "返回并恢复终端的颜色"),
            footer: Localized("back", "返回", "返回")),
        KeyBinding(
            keys: [.character("a")], label: "a", context: .preview, command: .applyPreview,
            help: Localized(
                "Keep it: apply to this terminal's config (backed up; palette-tui apply --revert undoes it)",
                "保留：套用到此終端機的設定檔（先備份；palette-tui apply --revert 可還原）",
                "保留：应用到此终端的配置文件（先备份；palette-tui apply --revert 可还原）"),
            footer: Localized("apply", "套用", "应用")),
        KeyBinding(
            keys: [.character("v"), .tab], label: "v", context: .preview, command: .togglePreviewVariant,
            help: Localized("Dark / light theme", "深色／淺色主題", "深色／浅色主题"),
            footer: Localized("dark/light", "深／淺", "深／浅")),
        KeyBinding(
            keys: [.character("q"), .control("c")], label: "q ^C", context: .preview, command: .quit,
            help: Localized("Quit (colours restored)", "離開（恢復顏色）", "退出（恢复颜色）"),
            footer: Localized("quit", "離開", "退出")),
    ]
}
