/* Large blocks that are about to be written in full: their pages faulted in with one
 * system call instead of one trap per 4 KB page at first touch. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Blocks below this many bytes are left to ordinary first-touch faults. */
#define LESC_PREFAULT_MIN_BYTES (1u << 20)

/* Fault in the whole pages inside [p, p + bytes) for writing (Linux's
 * MADV_POPULATE_WRITE, 5.14 and later; elsewhere nothing happens). The contents do not
 * change. */
void lesc_prefault (void *p, gsize bytes);

G_END_DECLS
