/* lesc-explorer: the GTK4 explorer. Everything is in the app library; this is the entry. */
#include "config.h"

#include <glib/gi18n.h>

#include "app/application.h"
#include "core/base/blasthreads.h"

int
main (int argc, char **argv)
{
  lesc_blas_threads_quiet ();
  lesc_application_init_i18n ();
  g_set_application_name (_("LESC Explorer"));
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
