// libspng from the system (Debian's libspng-dev): PNG decoding that returns error codes
// (no longjmp), row by row, with limits on the image and its chunks.
#include <spng.h>
