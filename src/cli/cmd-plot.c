/* lesc plot scatter|heatmap|cd — figures onto PNG, SVG or PDF (the type follows the
 * extension), each optionally with its table as CSV (--data). */
#include "config.h"
#include "cli/cli.h"
#include "cli/batch.h"
#include "cli/commands.h"
#include "plot/cd.h"
#include "plot/export.h"
#include "plot/heatmap.h"
#include "plot/positions.h"
#include "plot/scatter.h"
#include "tui/print.h"

#include "core/data/csv.h"
#include "core/eval/measures.h"
#include "core/methods/method.h"
#include "core/eval/stats.h"
#include "core/methods/run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- options every figure takes ---- */

static char *opt_output = NULL;
static char *opt_data = NULL;
static char *opt_type = NULL;
static double opt_width = 0, opt_height = 0, opt_dpi = 150;
static gboolean opt_terminal = FALSE;

static const GOptionEntry figure_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    "Figure file: .png, .svg or .pdf (default FIGURE.png; " LESC_CLI_OUTPUT_RULES ")", "FILE" },
  { "type", 0, 0, G_OPTION_ARG_STRING, &opt_type,
    "Figure type png, svg or pdf, whatever the file name (default: its extension; png for -"
    " when standard output is no terminal)",
    "png|svg|pdf" },
  { "data", 0, 0, G_OPTION_ARG_FILENAME, &opt_data,
    "Also write the figure's table as CSV (" LESC_CLI_OUTPUT_RULES ")", "FILE.csv" },
  { "width", 0, 0, G_OPTION_ARG_DOUBLE, &opt_width, "Width in points (1/72 inch)", "PT" },
  { "height", 0, 0, G_OPTION_ARG_DOUBLE, &opt_height, "Height in points", "PT" },
  { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &opt_dpi, "PNG resolution (default 150)", "DPI" },
  { "terminal", 0, 0, G_OPTION_ARG_NONE, &opt_terminal, "Print the figure into the terminal (as -o - does when standard output is one)", NULL },
  { NULL }
};

/* Entries of one subcommand followed by the figure entries. */
static GOptionEntry *
with_figure_entries (const GOptionEntry *own)
{
  guint n_own = 0, n_fig = G_N_ELEMENTS (figure_entries) - 1;
  while (own[n_own].long_name)
    n_own++;
  GOptionEntry *all = g_new0 (GOptionEntry, n_own + n_fig + 1);
  memcpy (all, own, n_own * sizeof *own);
  memcpy (all + n_own, figure_entries, n_fig * sizeof *own);
  return all;
}

/* -o and --data checked before the figure's work, and held until both are written
 * (cli.h): -1, or the exit status after printing the failure's line. */
static int
check_outputs (const char *spec)
{
  g_autoptr (GError) error = NULL;
  const char *outputs[] = { opt_output, opt_data };
  return lesc_cli_check_outputs (spec, outputs, 2, &error) ? -1 : lesc_cli_fail (error);
}

static int
write_figure (const char *fallback_name, double width, double height, LescPaintFunc paint,
              const void *model, char *csv)
{
  g_autofree char *csv_owned = csv;
  g_autoptr (GError) error = NULL;
  const char *out = opt_output ? opt_output : fallback_name;
  double w = opt_width > 0 ? opt_width : width, h = opt_height > 0 ? opt_height : height;
  /* Into the terminal through the explorer's figure path (src/tui); with --type, -o - is
   * the file's bytes even on a terminal. */
  gboolean terminal = opt_terminal || (g_strcmp0 (opt_output, "-") == 0 && opt_type == NULL
                                       && isatty (STDOUT_FILENO));
  if (!terminal && opt_data != NULL && strcmp (out, "-") == 0 && strcmp (opt_data, "-") == 0)
    return lesc_cli_usage ("plot", "-o - and --data - cannot both be standard output");
  LescPlotFormat format = LESC_PLOT_FORMAT_PNG;
  if (opt_type != NULL)
    {
      g_autofree char *as_name = g_strconcat (".", opt_type, NULL);
      if (!lesc_plot_format_from_path (as_name, &format, NULL))
        return lesc_cli_usage ("plot", "--type '%s': expected png, svg or pdf", opt_type);
    }
  else if (!terminal && strcmp (out, "-") != 0 && !lesc_plot_format_from_path (out, &format, &error))
    return lesc_cli_fail (error);
  if (terminal ? !lesc_term_print_figure (w, h, paint, model, NULL, NULL, &error)
               : !lesc_plot_export_as (out, format, w, h, opt_dpi, paint, model, &error))
    return lesc_cli_fail (error);
  if ((opt_data && !lesc_cli_write_file (opt_data, csv, strlen (csv), &error))
      || !lesc_cli_commit_outputs (&error))
    return lesc_cli_fail (error);
  return LESC_EXIT_OK;
}

/* ---- measures ---- */

/* The measure's title and direction (measures.c). */
static gboolean
measure_lookup (const char *s, const char **title, gboolean *lower_is_better)
{
  LescMeasure m;
  if (!lesc_measure_from_string (s, &m))
    return FALSE;
  *title = lesc_measure_title (m);
  *lower_is_better = lesc_measure_lower_is_better (m);
  return TRUE;
}

/* ---- tables with text cells (lesc_csv_read_text) ---- */

static int
column_index (char **header, const char *name)
{
  for (int j = 0; header[j]; j++)
    if (g_ascii_strcasecmp (header[j], name) == 0)
      return j;
  return -1;
}

/* A number cell; empty, "nan" and "NA" are NaN. */
static gboolean
parse_cell (const char *s, double *v)
{
  if (*s == '\0' || g_ascii_strcasecmp (s, "nan") == 0 || g_ascii_strcasecmp (s, "na") == 0
      || strcmp (s, "–") == 0)
    {
      *v = NAN;
      return TRUE;
    }
  char *end = NULL;
  *v = g_ascii_strtod (s, &end);
  return end != s && *end == '\0';
}

/* ---- scatter ---- */

static char *opt_methods = NULL, *opt_fit = NULL, *opt_mode = NULL, *opt_tol = NULL, *opt_axes = NULL;
static char *opt_palette = NULL;
static gboolean opt_heatmaps = FALSE;

static const GOptionEntry scatter_entries[] = {
  { "methods", 'm', 0, G_OPTION_ARG_STRING, &opt_methods, "Methods to recover and draw beside the ground truth (comma-separated, or 'all')", "LIST" },
  { "fit", 0, 0, G_OPTION_ARG_STRING, &opt_fit, "Decorrelation-stretch fit: shared (on the ground truth, default) or per-panel", "shared|per-panel" },
  { "mode", 0, 0, G_OPTION_ARG_STRING, &opt_mode, "Stretch statistics: correlation (default) or covariance", "correlation|covariance" },
  { "tol", 0, 0, G_OPTION_ARG_STRING, &opt_tol, "Linear stretch Tol (default 0.01), LOW,HIGH, or none", "T" },
  { "heatmaps", 0, 0, G_OPTION_ARG_NONE, &opt_heatmaps, "One viridis heatmap per label instead of RGB colours", NULL },
  { "palette", 0, 0, G_OPTION_ARG_STRING, &opt_palette, "Heatmap palette: viridis (default), cividis or gray", "viridis|cividis|gray" },
  { "axes", 0, 0, G_OPTION_ARG_STRING, &opt_axes, "Feature columns used as positions instead of the first two principal components (the artificial set: its grid)", "I,J" },
  { NULL }
};

static gboolean
parse_scatter_options (LescScatterOptions *opt, GError **error)
{
  lesc_scatter_options_init (opt);
  if (opt_fit && strcmp (opt_fit, "shared") == 0)
    opt->fit = LESC_SCATTER_FIT_SHARED;
  else if (opt_fit && (strcmp (opt_fit, "per-panel") == 0 || strcmp (opt_fit, "per_panel") == 0))
    opt->fit = LESC_SCATTER_FIT_PER_PANEL;
  else if (opt_fit)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--fit %s: expected shared or per-panel", opt_fit);
      return FALSE;
    }
  if (opt_mode && strcmp (opt_mode, "correlation") == 0)
    opt->mode = LESC_DSTRETCH_CORRELATION;
  else if (opt_mode && strcmp (opt_mode, "covariance") == 0)
    opt->mode = LESC_DSTRETCH_COVARIANCE;
  else if (opt_mode)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--mode %s: expected correlation or covariance", opt_mode);
      return FALSE;
    }
  if (opt_tol && g_ascii_strcasecmp (opt_tol, "none") == 0)
    opt->use_tol = FALSE;
  else if (opt_tol)
    {
      g_auto (GStrv) parts = g_strsplit (opt_tol, ",", -1);
      guint n = g_strv_length (parts);
      double a = NAN, b = NAN;
      gboolean ok = (n == 1 || n == 2) && parse_cell (g_strstrip (parts[0]), &a) && isfinite (a)
                    && (n == 1 || (parse_cell (g_strstrip (parts[1]), &b) && isfinite (b)));
      LescDstretchOptions check;
      lesc_dstretch_options_init (&check);
      if (!ok)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--tol %s: expected a number, LOW,HIGH or none", opt_tol);
          return FALSE;
        }
      if (n == 1 ? !lesc_dstretch_options_set_tol (&check, a, error)
                 : !lesc_dstretch_options_set_tol_pair (&check, a, b, error))
        return FALSE;
      opt->use_tol = TRUE;
      opt->tol_low = check.tol_low;
      opt->tol_high = check.tol_high;
    }
  if (opt_palette && !lesc_palette_from_string (opt_palette, &opt->palette))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--palette %s: expected viridis, cividis or gray", opt_palette);
      return FALSE;
    }
  if (opt_heatmaps)
    opt->style = LESC_SCATTER_HEATMAPS;
  return TRUE;
}

/* Recovered tables and their measures for the --methods list, appended after the ground
 * truth. */
static gboolean
recover_methods (const LescDataset *ds, const char *list, GPtrArray *names, GPtrArray *tables,
                 GArray *measures, GError **error)
{
  g_auto (GStrv) wanted = NULL;
  if (g_ascii_strcasecmp (list, "all") == 0)
    {
      guint n;
      const LescMethod *const *all = lesc_methods (&n);
      wanted = g_new0 (char *, n + 1);
      for (guint i = 0; i < n; i++)
        wanted[i] = g_strdup (all[i]->name);
    }
  else
    wanted = g_strsplit (list, ",", -1);
  for (guint i = 0; wanted[i]; i++)
    {
      const char *name = g_strstrip (wanted[i]);
      if (*name == '\0')
        continue;
      const LescMethod *m = lesc_method_find (name);
      if (m == NULL)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--methods: unknown method '%s'", name);
          return FALSE;
        }
      LescRunParams params;
      lesc_run_params_init (&params, m);
      LescRunResult result = { 0 };
      fprintf (stderr, "lesc plot: recovering with %s…\n", m->display_name);
      LescMatrix *rec = lesc_method_run (m, ds, &params, NULL, &result, error);
      lesc_run_result_clear (&result);
      if (rec == NULL)
        return FALSE;
      double mv[LESC_N_MEASURES];
      if (ds->truth != NULL
          && !lesc_measures_compute (ds->truth, rec, LESC_KL_TRUTH_RECOVERED, mv, error))
        {
          lesc_matrix_free (rec);
          return FALSE;
        }
      g_ptr_array_add (names, g_strdup (m->display_name));
      g_ptr_array_add (tables, rec);
      if (ds->truth != NULL)
        g_array_append_vals (measures, mv, LESC_N_MEASURES);
    }
  return TRUE;
}

static void
paint_scatter (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_scatter_paint (cr, w, h, m);
}

static int
cmd_scatter (int argc, char **argv)
{
  g_autofree GOptionEntry *entries = with_figure_entries (scatter_entries);
  if (!lesc_cli_parse ("plot scatter", "DATA",
                       "decorrelation-stretched RGB scatter of the ground truth and recovered "
                       "3-label distributions (or per-label heatmaps)",
                       entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("plot scatter", "expected one DATA argument");
  int refused = check_outputs (argc > 1 ? argv[1] : NULL);
  if (refused >= 0)
    return refused;
  g_autoptr (GError) error = NULL;
  LescScatterOptions opt;
  if (!parse_scatter_options (&opt, &error))
    return lesc_cli_fail (error);
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (argv[1], &error);
  if (ds == NULL)
    return lesc_cli_fail (error);
  if (ds->truth == NULL && opt_methods == NULL)
    {
      g_set_error (&error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: has no label distributions (only logical labels): give --methods to "
                   "draw recovered ones", argv[1]);
      return lesc_cli_fail (error);
    }
  gsize q = lesc_dataset_q (ds), c = lesc_dataset_o (ds);
  if (c != 3 && opt.style == LESC_SCATTER_RGB)
    {
      fprintf (stderr, "lesc plot scatter: %s has %zu labels; drawing one heatmap per label\n", ds->name, c);
      opt.style = LESC_SCATTER_HEATMAPS;
    }

  /* positions: the explorer's (plot/positions.h), or the two feature columns asked for */
  g_autoptr (LescPositions) pos = NULL;
  if (opt_axes)
    {
      long ax, ay;
      if (sscanf (opt_axes, "%ld,%ld", &ax, &ay) != 2 || ax < 1 || ay < 1 || (gsize) ax > q || (gsize) ay > q)
        return lesc_cli_usage ("plot scatter", "--axes %s: expected I,J between 1 and %zu", opt_axes, q);
      pos = lesc_positions_features (ds, (gsize) ax - 1, (gsize) ay - 1);
    }
  else
    pos = lesc_positions_default (ds, NULL, NULL);

  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) lesc_matrix_free);
  g_autoptr (GArray) measures = g_array_new (FALSE, TRUE, sizeof (double));
  /* labels-only data: recovered panels alone, unscored, the shared fit on the first */
  if (ds->truth != NULL)
    {
      g_ptr_array_add (names, g_strdup ("Ground truth"));
      g_ptr_array_add (tables, lesc_matrix_copy (ds->truth));
    }
  if (opt_methods && !recover_methods (ds, opt_methods, names, tables, measures, &error))
    return lesc_cli_fail (error);
  if (names->len == 0)
    return lesc_cli_usage ("plot scatter", "--methods '%s': no method named", opt_methods);

  g_autoptr (LescScatterModel) model
    = lesc_scatter_model_new (pos->xy, pos->grid, pos->x_label, pos->y_label, names->len, (const char *const *) names->pdata,
                              (const LescMatrix *const *) tables->pdata, &opt, &error);
  if (model == NULL)
    return lesc_cli_fail (error);
  if (ds->label_names)
    model->label_names = g_strdupv (ds->label_names);
  model->no_truth = ds->truth == NULL;
  for (guint p = 1; ds->truth != NULL && p < names->len; p++)
    lesc_scatter_model_set_measures (model, p, &g_array_index (measures, double, (p - 1) * LESC_N_MEASURES));

  /* default size: panels in one row for RGB, a column of rows for heatmaps */
  double w, h;
  if (opt.style == LESC_SCATTER_RGB)
    {
      guint cols = MIN (names->len, 4u), rows = (names->len + cols - 1) / cols;
      w = MAX (320.0, 24 + cols * 130.0);
      h = names->len > 1 ? 40 + rows * 190.0 : 300.0;
    }
  else
    {
      w = 160 + c * 100.0;
      h = 50 + names->len * 108.0;
    }
  return write_figure ("scatter.png", w, h, paint_scatter, model, lesc_scatter_model_to_csv (model));
}

/* ---- heatmap ---- */

static char *opt_measure = NULL, *opt_method = NULL, *opt_scale = NULL, *opt_title = NULL;
static gboolean opt_reverse = FALSE;

static const GOptionEntry heatmap_entries[] = {
  { "measure", 0, 0, G_OPTION_ARG_STRING, &opt_measure, "The measure (cheb, clark, canber, kl, cosine, intersec): its name and direction", "M" },
  { "method", 0, 0, G_OPTION_ARG_STRING, &opt_method, "lesc or glesc: the method whose grid DATA runs; for a long-format GRID.csv, the rows to keep", "lesc|glesc" },
  { "palette", 0, 0, G_OPTION_ARG_STRING, &opt_palette, "viridis (default), cividis or gray", "viridis|cividis|gray" },
  { "reverse", 0, 0, G_OPTION_ARG_NONE, &opt_reverse, "Reverse the palette", NULL },
  { "scale", 0, 0, G_OPTION_ARG_STRING, &opt_scale, "Fixed colour scale (default: min and max of the cells)", "LO,HI" },
  { "title", 0, 0, G_OPTION_ARG_STRING, &opt_title, "Title above the grid", "TEXT" },
  { NULL }
};

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static guint
distinct_sorted (GArray *v)
{
  g_array_sort (v, cmp_double);
  guint k = 0;
  for (guint i = 0; i < v->len; i++)
    if (k == 0 || g_array_index (v, double, i) != g_array_index (v, double, k - 1))
      g_array_index (v, double, k++) = g_array_index (v, double, i);
  g_array_set_size (v, k);
  return k;
}

static guint
index_of (GArray *v, double x)
{
  for (guint i = 0; i < v->len; i++)
    if (g_array_index (v, double, i) == x)
      return i;
  return G_MAXUINT;
}

/* A grid file: wide (header: a label, then the λ₂ values; rows: λ₁, then the values) or
 * long (columns lambda1, lambda2 and the measure or 'value'; optionally 'method'). */
static LescHeatmapModel *
read_grid (const char *path, const char *measure_key, const char *title, gboolean lower, GError **error)
{
  g_auto (GStrv) header = NULL;
  g_autoptr (GPtrArray) rows = lesc_csv_read_text (path, &header, error);
  if (rows == NULL)
    return NULL;
  guint width = g_strv_length (header);
  g_autoptr (GArray) a1 = g_array_new (FALSE, FALSE, sizeof (double)); /* triples */
  g_autoptr (GArray) a2 = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) av = g_array_new (FALSE, FALSE, sizeof (double));
  int c1 = column_index (header, "lambda1"), c2 = column_index (header, "lambda2");
  if (c1 >= 0 && c2 >= 0)
    {
      int cv = column_index (header, measure_key);
      if (cv < 0)
        cv = column_index (header, title);
      if (cv < 0)
        cv = column_index (header, "value");
      if (cv < 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: no column '%s' (nor 'value')", path, measure_key);
          return NULL;
        }
      int cm = column_index (header, "method");
      for (guint r = 0; r < rows->len; r++)
        {
          char **f = rows->pdata[r];
          if (cm >= 0 && opt_method && g_ascii_strcasecmp (f[cm], opt_method) != 0)
            continue;
          double a, b, v;
          if (!parse_cell (f[c1], &a) || !parse_cell (f[c2], &b) || !parse_cell (f[cv], &v) || !isfinite (a)
              || !isfinite (b))
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: data row %u: expected numbers", path, r + 1);
              return NULL;
            }
          g_array_append_val (a1, a);
          g_array_append_val (a2, b);
          g_array_append_val (av, v);
        }
    }
  else
    {
      g_autofree double *cols = g_new (double, width);
      for (guint j = 1; j < width; j++)
        if (!parse_cell (header[j], &cols[j]) || !isfinite (cols[j]))
          {
            g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                         "%s: header cell %u '%s': expected a λ₂ value (or long format with "
                         "lambda1,lambda2 columns)", path, j + 1, header[j]);
            return NULL;
          }
      for (guint r = 0; r < rows->len; r++)
        {
          char **f = rows->pdata[r];
          double a;
          if (!parse_cell (f[0], &a) || !isfinite (a))
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: data row %u: '%s' is not a λ₁ value", path,
                           r + 1, f[0]);
              return NULL;
            }
          for (guint j = 1; j < width; j++)
            {
              double v;
              if (!parse_cell (f[j], &v))
                {
                  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: data row %u, column %u: '%s' is not a number",
                               path, r + 1, j + 1, f[j]);
                  return NULL;
                }
              g_array_append_val (a1, a);
              g_array_append_val (a2, cols[j]);
              g_array_append_val (av, v);
            }
        }
    }
  if (av->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA, "%s: no grid cells%s", path,
                   opt_method ? " for that --method" : "");
      return NULL;
    }
  g_autoptr (GArray) l1 = g_array_copy (a1);
  g_autoptr (GArray) l2 = g_array_copy (a2);
  guint nr = distinct_sorted (l1), nc = distinct_sorted (l2);
  g_autofree double *values = g_new (double, (gsize) nr * nc);
  g_autofree gboolean *seen = g_new0 (gboolean, (gsize) nr * nc);
  for (gsize k = 0; k < (gsize) nr * nc; k++)
    values[k] = NAN;
  for (guint i = 0; i < av->len; i++)
    {
      double a = g_array_index (a1, double, i), b = g_array_index (a2, double, i);
      gsize k = (gsize) index_of (l1, a) * nc + index_of (l2, b);
      if (seen[k])
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: two cells for λ₁ = %g, λ₂ = %g%s", path, a, b,
                       opt_method ? "" : " (choose one with --method)");
          return NULL;
        }
      seen[k] = TRUE;
      values[k] = g_array_index (av, double, i);
    }
  return lesc_heatmap_model_new (nr, nc, (double *) l1->data, (double *) l2->data, values, title, lower);
}

static void
paint_heatmap (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_heatmap_paint (cr, w, h, m);
}

/* The heatmap of the λ grid of a data set: runs (or reuses from the store) the grid
 * {1e-4, …, 1e3}² of `lesc grid`. */
static LescHeatmapModel *
grid_model (const char *data, LescMeasure measure, GError **error)
{
  if (opt_method == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--method lesc or --method glesc is required to run the grid of %s", data);
      return NULL;
    }
  lesc_batch.methods = opt_method;
  g_autoptr (GArray) setups = lesc_batch_methods (opt_method, FALSE, error);
  if (setups == NULL)
    return NULL;
  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, FALSE, error))
    return NULL;
  const guint n = G_N_ELEMENTS (lesc_grid_default);
  g_autoptr (LescGrid) g = lesc_grid_run (data, &g_array_index (setups, LescMethodSetup, 0),
                                          lesc_grid_default, n, lesc_grid_default, n, &o, &counts,
                                          error);
  lesc_store_close (o.store);
  lesc_experiment_counts_clear (&counts);
  if (g == NULL)
    return NULL;
  g_autofree double *values = g_new (double, (gsize) g->n1 * g->n2);
  for (guint a = 0; a < g->n1; a++)
    for (guint b = 0; b < g->n2; b++)
      {
        const LescRunRecord *c = &g->cells[(gsize) b * g->n1 + a];
        values[(gsize) a * g->n2 + b] = c->id ? c->measures[measure] : NAN;
      }
  return lesc_heatmap_model_new (g->n1, g->n2, g->lambda1, g->lambda2, values,
                                 lesc_measure_title (measure), lesc_measure_lower_is_better (measure));
}

static int
cmd_heatmap (int argc, char **argv)
{
  g_autofree GOptionEntry *own = with_figure_entries (heatmap_entries);
  g_autofree GOptionEntry *entries = lesc_batch_entries (own, LESC_BATCH_STORE | LESC_BATCH_RUN);
  if (!lesc_cli_parse ("plot heatmap", "GRID.csv | DATA",
                       "λ₁ × λ₂ sensitivity heatmap from a grid file (wide: rows λ₁, columns λ₂; "
                       "or long: lambda1,lambda2,<measure> columns), or of DATA's grid "
                       "{1e-4, …, 1e3}² for --method lesc|glesc (run once, then read from the store)",
                       entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("plot heatmap", "expected one GRID.csv or DATA argument");
  int refused = check_outputs (argv[1]);
  if (refused >= 0)
    return refused;
  if (opt_measure == NULL)
    return lesc_cli_usage ("plot heatmap", "--measure is required (its name and direction label the figure)");
  const char *title;
  gboolean lower;
  LescMeasure measure;
  if (!measure_lookup (opt_measure, &title, &lower) || !lesc_measure_from_string (opt_measure, &measure))
    return lesc_cli_usage ("plot heatmap", "--measure %s: expected cheb, clark, canber, kl, cosine or intersec", opt_measure);
  g_autoptr (GError) error = NULL;
  /* A .csv is a grid file, unless it is spelled as a CSV data set (two files, or one with
   * --label-columns). */
  gboolean grid_file = g_str_has_suffix (argv[1], ".csv") && lesc_cli_label_columns == 0
                       && lesc_cli_logical_columns == 0
                       && strchr (argv[1], ',') == NULL;
  g_autoptr (LescHeatmapModel) model = grid_file
    ? read_grid (argv[1], opt_measure, title, lower, &error)
    : grid_model (argv[1], measure, &error);
  if (model == NULL)
    return lesc_cli_fail (error);
  if (opt_palette && !lesc_palette_from_string (opt_palette, &model->palette))
    return lesc_cli_usage ("plot heatmap", "--palette %s: expected viridis, cividis or gray", opt_palette);
  model->reverse = opt_reverse;
  if (opt_scale)
    {
      if (sscanf (opt_scale, "%lf,%lf", &model->lo, &model->hi) != 2 || !(model->hi > model->lo))
        return lesc_cli_usage ("plot heatmap", "--scale %s: expected LO,HI with LO < HI", opt_scale);
      model->fixed_scale = TRUE;
    }
  model->title = g_strdup (opt_title);
  double w = 110 + 36.0 * model->cols + 60, h = 70 + 36.0 * model->rows + (opt_title ? 16 : 0);
  return write_figure ("heatmap.png", w, h, paint_heatmap, model, lesc_heatmap_model_to_csv (model));
}

/* ---- cd ---- */

static gboolean opt_best_right = FALSE, opt_hide_ranks = FALSE;
static double opt_alpha = 0.05;
static char *opt_test = NULL;
static gboolean opt_exploratory = FALSE;

static const GOptionEntry cd_entries[] = {
  { "measure", 0, 0, G_OPTION_ARG_STRING, &opt_measure, "The measure column to rank (cheb, clark, canber, kl, cosine, intersec)", "M" },
  { "alpha", 0, 0, G_OPTION_ARG_DOUBLE, &opt_alpha, "Significance level (default 0.05)", "A" },
  { "test", 0, 0, G_OPTION_ARG_STRING, &opt_test, "Post-hoc test: wilcoxon-holm (default), nemenyi or bonferroni-dunn", "wilcoxon-holm|nemenyi|bonferroni-dunn" },
  { "exploratory", 0, 0, G_OPTION_ARG_NONE, &opt_exploratory, "Draw the post-hoc groups (grey) even when the omnibus test is not significant", NULL },
  { "best-right", 0, 0, G_OPTION_ARG_NONE, &opt_best_right, "Rank 1 on the right (the paper's orientation)", NULL },
  { "hide-ranks", 0, 0, G_OPTION_ARG_NONE, &opt_hide_ranks, "Labels without the mean rank", NULL },
  { NULL }
};

static void
paint_cd (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_cd_paint (cr, w, h, m);
}

/* The N×k table of a results file with columns dataset, method, <measure>; `names`
 * receives the k method names in order of first appearance. */
static LescMatrix *
read_cd_table (const char *path, const char *title, GStrv *names, GError **error)
{
  g_auto (GStrv) header = NULL;
  g_autoptr (GPtrArray) rows = lesc_csv_read_text (path, &header, error);
  if (rows == NULL)
    return NULL;
  int cd_ = column_index (header, "dataset"), cm = column_index (header, "method");
  int cv = column_index (header, opt_measure);
  if (cv < 0)
    cv = column_index (header, title);
  if (cd_ < 0 || cm < 0 || cv < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: expected columns dataset, method and %s",
                   path, opt_measure);
      return NULL;
    }
  g_autoptr (GPtrArray) datasets = g_ptr_array_new ();
  g_autoptr (GPtrArray) methods = g_ptr_array_new ();
  for (guint r = 0; r < rows->len; r++)
    {
      char **f = rows->pdata[r];
      guint i;
      if (!g_ptr_array_find_with_equal_func (datasets, f[cd_], g_str_equal, &i))
        g_ptr_array_add (datasets, f[cd_]);
      if (!g_ptr_array_find_with_equal_func (methods, f[cm], g_str_equal, &i))
        g_ptr_array_add (methods, f[cm]);
    }
  g_autoptr (LescMatrix) table = lesc_matrix_new (datasets->len, methods->len);
  for (gsize e = 0; e < table->rows * table->cols; e++)
    table->data[e] = NAN;
  for (guint r = 0; r < rows->len; r++)
    {
      char **f = rows->pdata[r];
      guint i, j;
      g_ptr_array_find_with_equal_func (datasets, f[cd_], g_str_equal, &i);
      g_ptr_array_find_with_equal_func (methods, f[cm], g_str_equal, &j);
      if (!parse_cell (f[cv], &LESC_AT (table, i, j)))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: data row %u: %s '%s' is not a number",
                       path, r + 1, opt_measure, f[cv]);
          return NULL;
        }
    }
  *names = g_new0 (char *, methods->len + 1);
  for (guint j = 0; j < methods->len; j++)
    (*names)[j] = g_strdup (methods->pdata[j]);
  return g_steal_pointer (&table);
}

/* The same table from the results store (the runs `lesc table` made). */
static LescMatrix *
stored_cd_table (int argc, char **argv, LescMeasure measure, GStrv *names, GError **error)
{
  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, TRUE, error))
    return NULL;
  g_autoptr (LescRecoveryTable) t = lesc_batch_stored_table (argc, argv, &o, &counts, error);
  LescMatrix *table = NULL;
  if (t != NULL)
    {
      table = lesc_recovery_table_values (t, measure);
      *names = g_new0 (char *, t->n_methods + 1);
      for (guint j = 0; j < t->n_methods; j++)
        (*names)[j] = g_strdup (t->methods[j]->display_name);
      if (counts.runs_missing > 0)
        fprintf (stderr, "lesc plot cd: %u stored run(s) missing (run 'lesc table' first)\n",
                 counts.runs_missing);
    }
  lesc_store_close (o.store);
  lesc_experiment_counts_clear (&counts);
  return table;
}

static int
cmd_cd (int argc, char **argv)
{
  g_autofree GOptionEntry *own = with_figure_entries (cd_entries);
  g_autofree GOptionEntry *entries = lesc_batch_entries (own, LESC_BATCH_RESULTS | LESC_BATCH_METHODS
                                                         | LESC_BATCH_RUN | LESC_BATCH_TUNE);
  if (!lesc_cli_parse ("plot cd", "[TABLE.csv | DATA…]",
                       "critical-difference diagram of mean ranks from a results table with "
                       "columns dataset,method,<measures>, or from the stored runs of the data sets "
                       "(default: all stored)",
                       entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  int refused = check_outputs (argc == 2 ? argv[1] : NULL);
  if (refused >= 0)
    return refused;
  if (opt_measure == NULL)
    return lesc_cli_usage ("plot cd", "--measure is required");
  const char *title;
  gboolean lower;
  LescMeasure measure;
  if (!measure_lookup (opt_measure, &title, &lower) || !lesc_measure_from_string (opt_measure, &measure))
    return lesc_cli_usage ("plot cd", "--measure %s: expected cheb, clark, canber, kl, cosine or intersec", opt_measure);
  if (!(opt_alpha > 0 && opt_alpha < 1))
    return lesc_cli_usage ("plot cd", "--alpha %g: expected 0 < α < 1", opt_alpha);
  LescStatsOptions so;
  lesc_stats_options_init (&so);
  so.alpha = opt_alpha;
  if (opt_test != NULL && !lesc_posthoc_from_string (opt_test, &so.posthoc))
    return lesc_cli_usage ("plot cd", "--test %s: expected wilcoxon-holm, nemenyi or bonferroni-dunn", opt_test);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  gboolean from_file = argc == 2 && g_str_has_suffix (argv[1], ".csv");
  const char *source = from_file ? argv[1] : "stored runs";
  g_autoptr (LescMatrix) table = from_file ? read_cd_table (argv[1], title, &names, &error)
                                           : stored_cd_table (argc, argv, measure, &names, &error);
  if (table == NULL)
    return lesc_cli_fail (error);
  g_autoptr (LescStatsResult) stats
    = lesc_stats_compare (table, (const char *const *) names, lower, &so, &error);
  if (stats == NULL)
    {
      g_prefix_error (&error, "%s: ", source);
      return lesc_cli_fail (error);
    }
  if (stats->dropped != NULL && stats->dropped->len > 0)
    fprintf (stderr, "lesc plot cd: %u data set(s) with missing values dropped\n", stats->dropped->len);
  g_autoptr (LescCdModel) model = lesc_cd_model_new_from_stats (stats, title, lower);
  model->exploratory = opt_exploratory;
  model->best_right = opt_best_right;
  model->hide_ranks = opt_hide_ranks;
  double h = 110 + 18.0 * ((stats->k + 1) / 2);
  return write_figure ("cd.png", 480, h, paint_cd, model, lesc_cd_model_to_csv (model));
}

/* ---- dispatch ---- */

int
lesc_cmd_plot (int argc, char **argv)
{
  static const struct {
    const char *name;
    int (*run) (int, char **);
    const char *summary;
  } subs[] = {
    { "scatter", cmd_scatter, "RGB scatter small multiples of 3-label distributions (or per-label heatmaps)" },
    { "heatmap", cmd_heatmap, "λ₁ × λ₂ sensitivity heatmap from a grid file or of a data set" },
    { "cd", cmd_cd, "critical-difference diagram from a results table or the stored runs" },
  };
  if (argc >= 2)
    for (guint i = 0; i < G_N_ELEMENTS (subs); i++)
      if (strcmp (argv[1], subs[i].name) == 0)
        return subs[i].run (argc - 1, argv + 1);
  gboolean help = argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0);
  FILE *out = help ? stdout : stderr;
  fprintf (out, "Usage: lesc plot FIGURE [OPTIONS…] -o FILE.png|FILE.svg|FILE.pdf\n\nFigures:\n");
  for (guint i = 0; i < G_N_ELEMENTS (subs); i++)
    fprintf (out, "  %-8s %s\n", subs[i].name, subs[i].summary);
  fprintf (out, "\n'lesc plot FIGURE --help' lists each figure's options.\n");
  if (help)
    return LESC_EXIT_OK;
  if (argc >= 2)
    fprintf (stderr, "lesc plot: unknown figure '%s'\n", argv[1]);
  return LESC_EXIT_USAGE;
}
