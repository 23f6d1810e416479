import CCurl
import FoundationEssentials
import Glibc
import PaletteCore

/// libcurl, opened with dlopen(3) at the first request (or a client's warm-up) rather than
/// linked: loading libcurl and the 28 libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP...)
/// made `palette-tui --version` take 10.6 ms rather than 3.7, and most runs send no request
/// (the offline engine is the default provider). It is opened once (`RTLD_NOW | RTLD_LOCAL`) and stays
/// open. One that cannot be opened, or lacks a function, is `ProviderFailure.Reason.libraryMissing`
/// for every request, said in one sentence; nothing crashes. Opened as the picture libraries
/// are (`SharedLibrary`, PaletteCore).
enum CurlLibrary {
    /// libcurl's soname, as Debian's `libcurl4` installs it.
    static let soname = "libcurl.so.4"
    /// The Debian package that installs `soname`.
    static let package = "libcurl4"

    /// libcurl's functions, or why they are missing: looked up, and libcurl's global set-up
    /// (OpenSSL's with it) run, the first time this is read; once per process.
    static let functions = CurlFunctions.load(soname, package: package).map { curl in
        _ = curl.globalInit(Int(CURL_GLOBAL_DEFAULT))
        return curl
    }
}

/// The library could not be opened, or lacks a function the transport calls.
struct CurlLibraryMissing: Error, Equatable {
    var library: String
    var package: String

    var failure: TransportFailure {
        TransportFailure(reason: .libraryMissing(library: library, package: package), retryable: false)
    }
}

/// The libcurl functions the transport calls, with curl.h's own signatures (the `pt_*_fn`
/// types of the CCurl shim). The variadic ones (`curl_easy_setopt`, `curl_easy_getinfo`,
/// `curl_multi_setopt`) are opaque pointers, called through the shim's typed wrappers.
///
/// `@unchecked`: function pointers into a library that stays loaded; libcurl's own rules
/// say which handle may be used on which thread, and `CurlDriver` keeps to them.
struct CurlFunctions: @unchecked Sendable {
    let globalInit: pt_global_init_fn
    let easyInit: pt_easy_init_fn
    let easyCleanup: pt_easy_cleanup_fn
    let easySetopt: pt_easy_setopt_fn
    let easyGetinfo: pt_easy_getinfo_fn
    let easyStrerror: pt_easy_strerror_fn
    let slistAppend: pt_slist_append_fn
    let slistFreeAll: pt_slist_free_all_fn
    let multiInit: pt_multi_init_fn
    let multiSetopt: pt_multi_setopt_fn
    let multiAddHandle: pt_multi_add_handle_fn
    let multiRemoveHandle: pt_multi_remove_handle_fn
    let multiPerform: pt_multi_perform_fn
    let multiPoll: pt_multi_poll_fn
    let multiWakeup: pt_multi_wakeup_fn
    let multiInfoRead: pt_multi_info_read_fn
    let multiCleanup: pt_multi_cleanup_fn

    /// dlopen of `library` and dlsym of every function; `CurlLibraryMissing` when the library
    /// cannot be loaded or lacks one. A library that loads but lacks a function is closed again.
    static func load(_ library: String, package: String) -> Result<CurlFunctions, CurlLibraryMissing> {
        let missing = CurlLibraryMissing(library: library, package: package)
        guard let opened = SharedLibrary(library) else { return .failure(missing) }
        do {
            return .success(try CurlFunctions(opened))
        } catch {
            opened.close()
            return .failure(missing)
        }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
        globalInit = try library.function("curl_global_init")
        easyInit = try library.function("curl_easy_init")
        easyCleanup = try library.function("curl_easy_cleanup")
        easyStrerror = try library.function("curl_easy_strerror")
        slistAppend = try library.function("curl_slist_append")
        slistFreeAll = try library.function("curl_slist_free_all")
        multiInit = try library.function("curl_multi_init")
        multiAddHandle = try library.function("curl_multi_add_handle")
        multiRemoveHandle = try library.function("curl_multi_remove_handle")
        multiPerform = try library.function("curl_multi_perform")
        multiPoll = try library.function("curl_multi_poll")
        multiWakeup = try library.function("curl_multi_wakeup")
        multiInfoRead = try library.function("curl_multi_info_read")
        multiCleanup = try library.function("curl_multi_cleanup")
        easySetopt = OpaquePointer(try library.address("curl_easy_setopt"))
        easyGetinfo = OpaquePointer(try library.address("curl_easy_getinfo"))
        multiSetopt = OpaquePointer(try library.address("curl_multi_setopt"))
    }
}
