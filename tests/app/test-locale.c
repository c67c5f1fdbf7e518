/* The explorer follows the locale: with LANGUAGE=de (then zh_CN) the window's texts come
 * from the catalogues built in the build folder, and every method's description and
 * parameter label of the registry has a translation. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "app/application.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"
#include "core/methods/method.h"

static const char *language;

static const char *
page_title (LescWindow *window, const char *name)
{
  GtkWidget *view = lesc_window_get_view (window, name);
  GtkWidget *stack = gtk_widget_get_ancestor (view, ADW_TYPE_VIEW_STACK);
  return adw_view_stack_page_get_title (adw_view_stack_get_page (ADW_VIEW_STACK (stack), view));
}

static void
test_window_texts (void)
{
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_autoptr (GSettings) settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", FALSE);
  LescWindow *window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_spin (0.3);
  const struct { const char *view, *de, *zh; } expect[] = {
    { "distributions", "Verteilungen", "分布" },
    { "measures", "Maße", "指标" },
    { "sensitivity", "Empfindlichkeit", "敏感性" },
    { "comparison", "Vergleich", "比较" },
    { "cv", "Kreuzvalidierung", "交叉验证" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    g_assert_cmpstr (page_title (window, expect[i].view), ==,
                     g_str_equal (language, "de") ? expect[i].de : expect[i].zh);
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
}

/* The registry's texts are shown translated too: each has an entry in the catalogue
 * (gettext then returns the catalogue's copy, not the string it was given, also when the
 * translation reads the same, like "α"). */
static void
assert_in_catalogue (const char *s)
{
  if (_(s) == s)
    g_error ("no translation of “%s” (add it to src/app/registry-strings.c and the po files)", s);
}

static void
test_registry_texts (void)
{
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    {
      const LescMethod *m = methods[i];
      assert_in_catalogue (m->description);
      if (m->published_note != NULL)
        assert_in_catalogue (m->published_note);
      for (guint k = 0; k < m->n_params; k++)
        {
          if (m->params[k].label != NULL)
            assert_in_catalogue (m->params[k].label);
          if (m->params[k].description != NULL)
            assert_in_catalogue (m->params[k].description);
        }
    }
}

int
main (int argc, char **argv)
{
  /* LANGUAGE picks the catalogue; LC_ALL stays C.UTF-8 (no other locale is needed). */
  language = argc > 1 && g_str_has_prefix (argv[argc - 1], "--lang=") ? argv[argc - 1] + 7 : "de";
  if (argc > 1 && g_str_has_prefix (argv[argc - 1], "--lang="))
    argc--;
  g_setenv ("LANGUAGE", language, TRUE);
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  g_test_add_func ("/app/locale/window-texts", test_window_texts);
  g_test_add_func ("/app/locale/registry-texts", test_registry_texts);
  return g_test_run ();
}
