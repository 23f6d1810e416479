import Foundation
import XCTest

/// A command prefix that runs a child without the capabilities that let root ignore file
/// permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so permission tests mean the same as
/// root as for a user; empty when not root.
///
/// Throws `XCTSkip` as root when util-linux's `setpriv` is missing.
public func withoutPermissionOverride() throws -> [String] {
    guard geteuid() == 0 else { return [] }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        throw XCTSkip("running as root and setpriv (util-linux) is missing: cannot drop CAP_DAC_OVERRIDE")
    }
    return [
        "/usr/bin/setpriv", "--inh-caps=-dac_override,-dac_read_search",
        "--bounding-set=-dac_override,-dac_read_search",
    ]
}
