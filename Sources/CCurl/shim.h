// libcurl's header from the system (Debian's libcurl4-openssl-dev): ProviderKit's HTTP transport.
//
// Only the header: libcurl is not linked but opened with dlopen(3) at the first request
// (ProviderKit's CurlLibrary.swift), so nothing here may call a libcurl function by name. The
// `pt_*_fn` types are pointers to libcurl's functions, taken from the header's own declarations
// (`__typeof__`, never evaluated), so the pointers dlsym gives are called with exactly the
// signatures libcurl declares.
//
// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call, so each kind of argument gets a typed wrapper here that calls the function it is given.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef __typeof__(&curl_global_init) pt_global_init_fn;
typedef __typeof__(&curl_easy_init) pt_easy_init_fn;
typedef __typeof__(&curl_easy_cleanup) pt_easy_cleanup_fn;
typedef __typeof__(&curl_easy_setopt) pt_easy_setopt_fn;
typedef __typeof__(&curl_easy_getinfo) pt_easy_getinfo_fn;
typedef __typeof__(&curl_easy_strerror) pt_easy_strerror_fn;
typedef __typeof__(&curl_slist_append) pt_slist_append_fn;
typedef __typeof__(&curl_slist_free_all) pt_slist_free_all_fn;
typedef __typeof__(&curl_multi_init) pt_multi_init_fn;
typedef __typeof__(&curl_multi_setopt) pt_multi_setopt_fn;
typedef __typeof__(&curl_multi_add_handle) pt_multi_add_handle_fn;
typedef __typeof__(&curl_multi_remove_handle) pt_multi_remove_handle_fn;
typedef __typeof__(&curl_multi_perform) pt_multi_perform_fn;
typedef __typeof__(&curl_multi_poll) pt_multi_poll_fn;
typedef __typeof__(&curl_multi_wakeup) pt_multi_wakeup_fn;
typedef __typeof__(&curl_multi_info_read) pt_multi_info_read_fn;
typedef __typeof__(&curl_multi_cleanup) pt_multi_cleanup_fn;

static inline CURLcode pt_easy_setopt_long(pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, long value) {
    return setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_string(
    pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, const char *value) {
    return setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_pointer(pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, void *value) {
    return setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_offset(
    pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, curl_off_t value) {
    return setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_list(
    pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, struct curl_slist *value) {
    return setopt(handle, option, value);
}

/// The body and header callbacks share libcurl's write-callback type.
static inline CURLcode pt_easy_setopt_write(
    pt_easy_setopt_fn setopt, CURL *handle, CURLoption option, curl_write_callback value) {
    return setopt(handle, option, value);
}

static inline CURLcode pt_easy_getinfo_long(pt_easy_getinfo_fn getinfo, CURL *handle, CURLINFO info, long *value) {
    return getinfo(handle, info, value);
}

static inline CURLcode pt_easy_getinfo_pointer(
    pt_easy_getinfo_fn getinfo, CURL *handle, CURLINFO info, void **value) {
    return getinfo(handle, info, value);
}

static inline CURLMcode pt_multi_setopt_long(
    pt_multi_setopt_fn setopt, CURLM *handle, CURLMoption option, long value) {
    return setopt(handle, option, value);
}

/// The easy handle and result of a finished transfer (`CURLMsg` holds them in a union).
static inline CURL *pt_msg_easy(CURLMsg *message) { return message->easy_handle; }
static inline int pt_msg_done(CURLMsg *message) { return message->msg == CURLMSG_DONE; }
static inline CURLcode pt_msg_result(CURLMsg *message) { return message->data.result; }
