/* liblesc: label enhancement (FCM, KM, LP, ML, GLLE, LESC, gLESC) for C programs.
 *
 *   #include <lesc/lesc.h>        cc prog.c $(pkg-config --cflags --libs lesc)
 *
 * Conventions of every function here:
 *  - tables are plain arrays of doubles in row-major (C) order: entry (i, j) of an n×q table
 *    is at [i·q + j]; samples are rows;
 *  - errors are GErrors in the domain LESC_ERROR (lesc/error.h) with one line saying what
 *    is wrong; a cancelled call fails with G_IO_ERROR_CANCELLED;
 *  - nothing is written to an output array unless the call succeeds.
 * The README ("C library") has a complete example. */
#pragma once

#include <lesc/version.h>
#include <lesc/error.h>
#include <lesc/data.h>
#include <lesc/methods.h>
#include <lesc/recover.h>
#include <lesc/measures.h>
