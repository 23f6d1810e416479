// TurboJPEG from the system (Debian's libturbojpeg0-dev): JPEG decoding that returns error codes
// (no longjmp reaches Swift), scaled in the DCT.
#include <turbojpeg.h>
