// libcurl from the system (Debian's libcurl4-openssl-dev): ProviderKit's HTTP transport.
//
// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call, so each kind of argument gets a typed wrapper here.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode pt_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pt_easy_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// The body and header callbacks share libcurl's write-callback type.
static inline CURLcode pt_easy_setopt_write(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pt_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode pt_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode pt_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The easy handle and result of a finished transfer (`CURLMsg` holds them in a union).
static inline CURL *pt_msg_easy(CURLMsg *message) { return message->easy_handle; }
static inline int pt_msg_done(CURLMsg *message) { return message->msg == CURLMSG_DONE; }
static inline CURLcode pt_msg_result(CURLMsg *message) { return message->data.result; }
