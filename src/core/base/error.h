/* LESC_ERROR: the one error domain of the core library. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

#define LESC_ERROR (lesc_error_quark ())

typedef enum {
  LESC_ERROR_USAGE,    /* bad parameters or options: the caller's mistake (exit status 2) */
  LESC_ERROR_IO,       /* a file is missing, unreadable or unwritable */
  LESC_ERROR_FORMAT,   /* a file is malformed: corrupt .mat, ragged CSV, text in a number column */
  LESC_ERROR_DATA,     /* well-formed but unusable data: NaN, wrong shapes, not distributions */
  LESC_ERROR_MEMORY,   /* the estimated memory exceeds the limit */
  LESC_ERROR_NUMERIC,  /* a solver failed (factorization, divergence) */
  LESC_ERROR_STORE,    /* the results store */
  LESC_ERROR_PIPE,     /* the reader of an output (pipe, FIFO, socket) closed it early */
} LescErrorCode;

GQuark lesc_error_quark (void);

/* LESC_ERROR_IO "PATH: cannot VERB: REASON" from a GLib file error, whose message
 * ("Failed to open file “PATH.tmp”: REASON") is cut down to the reason. */
void lesc_set_io_error (GError **error, const char *path, const char *verb, const GError *cause);

/* `path` mapped read-only, or NULL with LESC_ERROR_IO "PATH: cannot read: REASON". */
GMappedFile *lesc_map_file (const char *path, GError **error);

G_END_DECLS
