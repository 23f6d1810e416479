// libwebp from the system (Debian's libwebp-dev): WebP decoding, scaled while decoding.
#include <webp/decode.h>
