import FoundationEssentials
import Glibc
import PaletteCore

extension CommandText {
    /// Standard output refused a write (a full disk, a closed pipe, `/dev/full`): the output is
    /// incomplete, and the command exits 1.
    public static func standardOutputFailed(_ code: Int32) -> Localized {
        let why = Messages.systemError(code)
        return Localized(
            "cannot write standard output: \(why.english)", "無法寫入標準輸出：\(why.traditional)",
            "无法写入标准输出：\(why.simplified)")
    }

    /// The report a crash or a fatal signal leaves on standard error when the runtime's own
    /// backtracer would have waited for a key on the terminal; `{signal}` stands for its number.
    public static let crashReport = Localized(
        "stopped by signal {signal}; the terminal was restored. For a backtrace, run it again with SWIFT_BACKTRACE=interactive=no and report what it prints.",
        "因訊號 {signal} 而停止；終端機已還原。若要取得回溯資訊，請以 SWIFT_BACKTRACE=interactive=no 重新執行並回報輸出內容。",
        "因信号 {signal} 而停止；终端已还原。若要获取回溯信息，请以 SWIFT_BACKTRACE=interactive=no 重新运行并报告输出内容。")

    /// The same report from a build whose runtime has no backtracer (the static release build):
    /// there is no backtrace to ask for.
    public static let crashReportWithoutBacktrace = Localized(
        "stopped by signal {signal}; the terminal was restored. This build prints no backtrace: please report the signal and what you were doing.",
        "因訊號 {signal} 而停止；終端機已還原。此版本不會印出回溯資訊：請回報這個訊號編號與當時的操作。",
        "因信号 {signal} 而停止；终端已还原。此版本不会打印回溯信息：请报告这个信号编号和当时的操作。")
}
