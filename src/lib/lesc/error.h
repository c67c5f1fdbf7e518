/* Errors of liblesc: GErrors in the domain LESC_ERROR with one of these codes, or
 * G_IO_ERROR_CANCELLED (domain G_IO_ERROR) when the GCancellable of a call was cancelled. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

/* liblesc's own sources see these from the core's error.h (the same names and values). */
#ifndef LESC_ERROR
#define LESC_ERROR (lesc_error_quark ())

typedef enum {
  LESC_ERROR_USAGE,    /* bad parameters or options: the caller's mistake */
  LESC_ERROR_IO,       /* a file is missing, unreadable or unwritable */
  LESC_ERROR_FORMAT,   /* a file is malformed */
  LESC_ERROR_DATA,     /* unusable data: NaN, wrong shapes, labels other than 0/1 */
  LESC_ERROR_MEMORY,   /* the estimated memory exceeds the limit */
  LESC_ERROR_NUMERIC,  /* a solver failed (factorization, divergence) */
  LESC_ERROR_STORE,    /* the results store */
} LescErrorCode;

GQuark lesc_error_quark (void);
#endif

G_END_DECLS
