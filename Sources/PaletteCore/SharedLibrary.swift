import FoundationEssentials
import Glibc

/// A shared library opened with dlopen(3) when it is first needed rather than linked: loading
/// and relocating a library at every start costs the first frame, and most runs never use it
/// (libcurl for a model provider, the picture decoders). Opened `RTLD_NOW | RTLD_LOCAL`, so a
/// missing function shows at the lookup, never later in a call, and its symbols stay its own.
/// A library that is found but lacks a function is closed again by its user (`close`).
///
/// `@unchecked Sendable`: a handle of a library that stays loaded; what may be called from which
/// thread is the library's rule, kept by the code that calls it.
public struct SharedLibrary: @unchecked Sendable {
    /// dlopen's handle.
    public let handle: UnsafeMutableRawPointer

    /// dlopen of `soname`; nil when it cannot be loaded.
    public init?(_ soname: String) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
    }

    /// The function `name` as a value of `T`, the `@convention(c)` function type of the property
    /// it is assigned to (parameters and result as the C declaration's).
    public func function<T>(_ name: String) throws(MissingSymbol) -> T {
        unsafeBitCast(try address(name), to: T.self)
    }

    /// The address of `name`, for a C variadic function that is called through a typed wrapper.
    public func address(_ name: String) throws(MissingSymbol) -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, name) else { throw MissingSymbol(name: name) }
        return address
    }

    /// dlclose: for a library that lacks a function and so is not used.
    public func close() {
        dlclose(handle)
    }

    /// The library lacks a function its user calls: it is treated as not loaded.
    public struct MissingSymbol: Error, Equatable {
        /// The function's name.
        public var name: String
    }
}
