import CCurl
import Foundation

/// libcurl, opened with dlopen(3) at the first request (or a client's warm-up) rather than
/// linked: loading libcurl and the 28 libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP...)
/// made `palette-tui --version` take 10.6 ms rather than 3.7, and most runs send no request
/// (the offline engine is the default provider). It is opened once (`RTLD_NOW | RTLD_LOCAL`) and stays
/// open. One that cannot be opened, or lacks a function, is `ProviderFailure.Reason.libraryMissing`
/// for every request, said in one sentence; nothing crashes. The same pattern as the picture
/// libraries (PaletteImage's ImageLibraries.swift).
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
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return .failure(missing) }
        guard let functions = CurlFunctions(handle) else {
            dlclose(handle)
            return .failure(missing)
        }
        return .success(functions)
    }

    private init?(_ handle: UnsafeMutableRawPointer) {
        /// The function `name` as a value of `T`, the function-pointer type of the property it
        /// is assigned to; nil when the library has no such symbol.
        func function<T>(_ name: String) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let globalInit: pt_global_init_fn = function("curl_global_init"),
            let easyInit: pt_easy_init_fn = function("curl_easy_init"),
            let easyCleanup: pt_easy_cleanup_fn = function("curl_easy_cleanup"),
            let easyStrerror: pt_easy_strerror_fn = function("curl_easy_strerror"),
            let slistAppend: pt_slist_append_fn = function("curl_slist_append"),
            let slistFreeAll: pt_slist_free_all_fn = function("curl_slist_free_all"),
            let multiInit: pt_multi_init_fn = function("curl_multi_init"),
            let multiAddHandle: pt_multi_add_handle_fn = function("curl_multi_add_handle"),
            let multiRemoveHandle: pt_multi_remove_handle_fn = function("curl_multi_remove_handle"),
            let multiPerform: pt_multi_perform_fn = function("curl_multi_perform"),
            let multiPoll: pt_multi_poll_fn = function("curl_multi_poll"),
            let multiWakeup: pt_multi_wakeup_fn = function("curl_multi_wakeup"),
            let multiInfoRead: pt_multi_info_read_fn = function("curl_multi_info_read"),
            let multiCleanup: pt_multi_cleanup_fn = function("curl_multi_cleanup"),
            let easySetopt = dlsym(handle, "curl_easy_setopt"),
            let easyGetinfo = dlsym(handle, "curl_easy_getinfo"),
            let multiSetopt = dlsym(handle, "curl_multi_setopt")
        else { return nil }
        self.globalInit = globalInit
        self.easyInit = easyInit
        self.easyCleanup = easyCleanup
        self.easyStrerror = easyStrerror
        self.slistAppend = slistAppend
        self.slistFreeAll = slistFreeAll
        self.multiInit = multiInit
        self.multiAddHandle = multiAddHandle
        self.multiRemoveHandle = multiRemoveHandle
        self.multiPerform = multiPerform
        self.multiPoll = multiPoll
        self.multiWakeup = multiWakeup
        self.multiInfoRead = multiInfoRead
        self.multiCleanup = multiCleanup
        self.easySetopt = OpaquePointer(easySetopt)
        self.easyGetinfo = OpaquePointer(easyGetinfo)
        self.multiSetopt = OpaquePointer(multiSetopt)
    }
}
