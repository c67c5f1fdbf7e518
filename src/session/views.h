/* The explorers' views by name: one table for the window (its view stack and Alt+1 … Alt+8),
 * the terminal (keys 1 … 5: the first LESC_VIEW_N_TERMINAL entries, in the same order; key 6
 * Correlations) and the lessons (View=, Highlight=; docs/teaching.md). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *name;    /* "distributions": the window's page name, a lesson's View= */
  const char *title;   /* "Distributions" (N_: translated at use) */
} LescViewInfo;

#define LESC_VIEW_N 8
/* The terminal explorer shows the first five (Distributions … Cross-validation), and
 * Correlations. */
#define LESC_VIEW_N_TERMINAL 5

/* The views in the window's order: distributions, measures, sensitivity, comparison, cv,
 * optimizer, strip, correlations. */
const LescViewInfo *lesc_views (void);
/* Index of a view by name (case-insensitive), or −1. */
int lesc_view_find (const char *name);
/* "distributions, measures, …": for messages. */
char *lesc_view_names (void);

G_END_DECLS
