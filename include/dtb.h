/* dtb: endgame tablebases for draughts variants.  The public API. */
#ifndef DTB_H
#define DTB_H

#define DTB_VERSION_MAJOR 0
#define DTB_VERSION_MINOR 1
#define DTB_VERSION_PATCH 0
#define DTB_VERSION_STRING "0.1.0"
#define DTB_VERSION_NUMBER (DTB_VERSION_MAJOR * 10000 + DTB_VERSION_MINOR * 100 + DTB_VERSION_PATCH)

#endif
