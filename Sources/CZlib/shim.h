// zlib from the system (Debian's zlib1g-dev): CRC-32 for zip and PNG, deflate for PNG.
#include <zlib.h>
