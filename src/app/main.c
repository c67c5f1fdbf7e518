/* lesc-explorer: the GTK4 explorer. Everything is in the app library; this is the entry. */
#include "config.h"

#include <glib/gi18n.h>

#include "app/application.h"
#include "app/renderer.h"
#include "app/shortcuts.h"
#include "session/lesson.h"
#include "core/base/blasthreads.h"

/* --version and --help-keys (the man page is made from them): print and stop before any
 * window opens. */
static int
on_local_options (GApplication *app, GVariantDict *options, gpointer data)
{
  if (g_variant_dict_contains (options, "help-keys"))
    {
      g_autoptr (GError) error = NULL;
      if (lesc_app_shortcuts_print (stdout, &error))
        return 0;
      g_printerr ("lesc-explorer: %s\n", error->message);
      return 1;
    }
  const char *lesson = NULL;
  if (g_variant_dict_lookup (options, "lesson", "&s", &lesson))
    {
      /* a bad lesson is one line before any window opens (the file and the step) */
      g_autoptr (GError) error = NULL;
      g_autofree char *file = lesc_lesson_find (lesson, &error);
      g_autoptr (LescLesson) l = file != NULL ? lesc_lesson_load (file, &error) : NULL;
      if (l == NULL)
        {
          g_printerr ("lesc-explorer: %s\n", error->message);
          return 2;
        }
      /* a window already open elsewhere plays it (the hint says it is a lesson) */
      g_autofree char *path = g_canonicalize_filename (file, NULL);
      if (g_application_register (app, NULL, NULL) && g_application_get_is_remote (app))
        {
          g_autoptr (GFile) f = g_file_new_for_path (path);
          g_application_open (app, &f, 1, "lesson");
          return 0;
        }
      lesc_application_set_lesson (LESC_APPLICATION (app), path);
    }
  if (!g_variant_dict_contains (options, "version"))
    return -1;
  g_print ("lesc-explorer %s\n", LESC_VERSION);
  return 0;
}

int
main (int argc, char **argv)
{
  lesc_blas_threads_quiet ();
  lesc_app_choose_renderer ();
  lesc_application_init_i18n ();
  g_set_application_name (_("LESC Explorer"));
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_DEFAULT_FLAGS);
  g_application_add_main_option (G_APPLICATION (app), "version", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE, _("Show the version and exit"), NULL);
  g_application_add_main_option (G_APPLICATION (app), "help-keys", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE, _("Show the keyboard shortcuts and exit"), NULL);
  g_application_add_main_option (G_APPLICATION (app), "lesson", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_STRING, _("Play a lesson: a lesson file, or the name of a shipped one (le-in-twenty-minutes)"),
                                 _("FILE|NAME"));
  g_application_set_option_context_parameter_string (G_APPLICATION (app), _("[FILE]"));
  g_application_set_option_context_summary (G_APPLICATION (app),
    _("Opens FILE, a data set, in the window: a .mat or .npz archive, or a .csv, .tsv or "
      ".npy table (the window asks how many of its last columns are labels). Without FILE: "
      "the built-in artificial set."));
  g_application_set_option_context_description (G_APPLICATION (app),
    _("Views (Alt+1 … Alt+8): Distributions (recovered against true label distributions, "
      "per sample), Measures (the six measures of every run), Sensitivity (the λ₁ × λ₂ grid "
      "of LESC or gLESC), Comparison (ranks over data sets and the critical difference), "
      "Cross-validation (ten folds, paired t-tests), Optimizer (the LE optimizer's "
      "iterations), λ Strip (the distributions along λ₁), Correlations (the samples one "
      "sample's recovery draws on, with the run's weights).\n"
      "The side bar holds the data sets (.mat, .csv) of the data folder (Preferences, else "
      "$LESC_DATA_DIR) and the methods with their parameters. 'lesc-explorer --help-keys' lists the "
      "keys."));
  g_signal_connect (app, "handle-local-options", G_CALLBACK (on_local_options), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
