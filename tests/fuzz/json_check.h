/* A strict JSON parser (RFC 8259) for the fuzz target of dtb-serve, written apart from the
 * server's writer so that it judges the writer's output rather than repeating it. */
#ifndef DTB_FUZZ_JSON_CHECK_H
#define DTB_FUZZ_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* True when text[0..len) is one JSON value with optional white space around it, every
 * string valid UTF-8 with no raw control character or lone surrogate escape. */
bool json_check(const char *text, size_t len);

/* When text is one JSON string (nothing else), its decoded bytes (UTF-8) into out, which
 * has room for len bytes; their count into *out_len.  False when it is not. */
bool json_check_string(const char *text, size_t len, char *out, size_t *out_len);

/* True when s[0..n) is valid UTF-8 (no overlong form, surrogate or code point past
 * U+10FFFF), decoded by arithmetic on the code points. */
bool json_check_utf8(const unsigned char *s, size_t n);

#endif
