#include "config.h"
#include "app/application.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "app/lesson-bar.h"
#include "app/preferences.h"
#include "app/presenter.h"
#include "app/settings.h"
#include "app/shortcuts.h"
#include "app/window.h"

struct _LescApplication
{
  AdwApplication parent_instance;
  char *lesson;   /* --lesson: played in the first window */
};

G_DEFINE_FINAL_TYPE (LescApplication, lesc_application, ADW_TYPE_APPLICATION)

void
lesc_application_init_i18n (void)
{
  setlocale (LC_ALL, "");
  const char *dir = LESC_LOCALEDIR;
#ifdef LESC_BUILD_LOCALE_DIR
  g_autofree char *installed = g_build_filename (LESC_LOCALEDIR, "de", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);
  if (!g_file_test (installed, G_FILE_TEST_EXISTS))
    dir = LESC_BUILD_LOCALE_DIR;
#endif
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

static LescWindow *
active_window (LescApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  return window != NULL && LESC_IS_WINDOW (window) ? LESC_WINDOW (window) : NULL;
}

static void
lesc_application_activate (GApplication *app)
{
  LescWindow *window = active_window (LESC_APPLICATION (app));
  if (window == NULL)
    {
      window = lesc_window_new (GTK_APPLICATION (app));
      lesc_lesson_bar_install (window);   /* the Lessons and Presenter Mode menus too */
    }
  gtk_window_present (GTK_WINDOW (window));
  g_autofree char *lesson = g_steal_pointer (&LESC_APPLICATION (app)->lesson);
  g_autoptr (GError) error = NULL;
  if (lesson != NULL && !lesc_lesson_bar_start (window, lesson, &error))
    lesc_window_toast (window, error->message);
}

void
lesc_application_set_lesson (LescApplication *self, const char *lesson)
{
  g_free (self->lesson);
  self->lesson = g_strdup (lesson);
}

static void
lesc_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  lesc_application_activate (app);
  LescWindow *window = active_window (LESC_APPLICATION (app));
  g_autofree char *path = n_files > 0 ? g_file_get_path (files[0]) : NULL;
  g_autoptr (GError) error = NULL;
  if (window != NULL && path != NULL && g_strcmp0 (hint, "lesson") == 0)
    {
      /* lesc-explorer --lesson from another process (main.c) */
      if (!lesc_lesson_bar_start (window, path, &error))
        lesc_window_toast (window, error->message);
    }
  else if (window != NULL && path != NULL)
    lesc_window_open (window, path);
}

static void
about_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  LescApplication *self = data;
  const char *developers[] = { _("The LESC Explorer developers"), NULL };
  /* TRANSLATORS: your names, one per line */
  const char *translators = _("translator-credits");
  if (g_str_equal (translators, "translator-credits"))
    translators = NULL;
  GtkWidget *about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                                   "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                                   "modal", TRUE,
                                   "application-name", _("LESC Explorer"),
                                   "application-icon", LESC_APP_ID,
                                   "version", LESC_VERSION,
                                   "developer-name", _("The LESC Explorer developers"),
                                   "developers", developers,
                                   "license-type", GTK_LICENSE_GPL_3_0,
                                   "comments", _("Recover label distributions from logical multi-label "
                                                 "annotations and compare label-enhancement methods: "
                                                 "FCM, KM, LP, ML, GLLE, LESC and gLESC, after Zheng et al., "
                                                 "Generalized Label Enhancement with Sample Correlations, "
                                                 "IEEE TKDE 2021."),
                                   NULL);
  if (translators != NULL)
    adw_about_window_set_translator_credits (ADW_ABOUT_WINDOW (about), translators);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  LescApplication *self = data;
  LescPreferences *prefs = lesc_preferences_new (gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (prefs));
}

static void
quit_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  LescApplication *self = data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));
  for (GList *l = windows; l != NULL;)
    {
      GList *next = l->next;
      gtk_window_close (GTK_WINDOW (l->data));
      l = next;
    }
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

static void
lesc_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (lesc_application_parent_class)->startup (app);
  /* GTK 4 fades a focused entry's cursor in and out at the frame rate for 10 s after each
   * key: the whole window repaints ~57 times a second while nothing changes. A steady
   * cursor lets the main thread idle (docs/speed.md, "End-to-end latency"). */
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", FALSE, NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  lesc_app_shortcuts_install (GTK_APPLICATION (app));
  lesc_presenter_install (GTK_APPLICATION (app));
}

static void
lesc_application_finalize (GObject *object)
{
  g_free (LESC_APPLICATION (object)->lesson);
  G_OBJECT_CLASS (lesc_application_parent_class)->finalize (object);
}

static void
lesc_application_class_init (LescApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_application_finalize;
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  app_class->activate = lesc_application_activate;
  app_class->open = lesc_application_open;
  app_class->startup = lesc_application_startup;
}

static void
lesc_application_init (LescApplication *self)
{
}

LescApplication *
lesc_application_new (GApplicationFlags flags)
{
  return g_object_new (LESC_TYPE_APPLICATION,
                       "application-id", LESC_APP_ID,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", LESC_APP_RESOURCE_PATH,
                       NULL);
}
