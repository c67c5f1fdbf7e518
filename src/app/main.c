/* lesc-explorer: the GTK4 explorer. Everything is in the app library; this is the entry. */
#include "config.h"

#include <glib/gi18n.h>

#include "app/application.h"
#include "core/base/blasthreads.h"

/* --version (the man page is made from it): print and stop before any window opens. */
static int
on_local_options (GApplication *app, GVariantDict *options, gpointer data)
{
  if (!g_variant_dict_contains (options, "version"))
    return -1;
  g_print ("lesc-explorer %s\n", LESC_VERSION);
  return 0;
}

int
main (int argc, char **argv)
{
  lesc_blas_threads_quiet ();
  lesc_application_init_i18n ();
  g_set_application_name (_("LESC Explorer"));
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_DEFAULT_FLAGS);
  g_application_add_main_option (G_APPLICATION (app), "version", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE, _("Show the version and exit"), NULL);
  g_signal_connect (app, "handle-local-options", G_CALLBACK (on_local_options), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
