/* The explorer's keyboard shortcuts (shortcuts.h). The shortcuts window (ui/help-overlay.ui)
 * names the keys of each entry, directly or through an action whose accelerators are in
 * `accels` below; --help-keys prints that same window, so the window, the help and the man
 * page cannot disagree. */
#include "config.h"
#include "app/shortcuts.h"
#include "app/settings.h"

#include <glib/gi18n.h>
#include <string.h>

static const struct { const char *action; const char *accels[3]; } accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.run", { "<Control>r", "F5", NULL } },
  { "win.toggle-sidebar", { "F9", NULL } },
  { "win.export-figure::png", { "<Control>s", NULL } },
  { "win.export-table::csv", { "<Control><Shift>s", NULL } },
  { "win.view::distributions", { "<Alt>1", NULL } },
  { "win.view::measures", { "<Alt>2", NULL } },
  { "win.view::sensitivity", { "<Alt>3", NULL } },
  { "win.view::comparison", { "<Alt>4", NULL } },
  { "win.view::cv", { "<Alt>5", NULL } },
  { "win.view::optimizer", { "<Alt>6", NULL } },
  { "win.view::strip", { "<Alt>7", NULL } },
  { "lesson.next", { "<Alt>Right", NULL } },
  { "lesson.previous", { "<Alt>Left", NULL } },
  { "lesson.leave", { "<Control><Shift>l", NULL } },
  { "app.presenter-larger", { "<Control>plus", "<Control>equal", NULL } },
  { "app.presenter-smaller", { "<Control>minus", NULL } },
  { "app.presenter-normal", { "<Control>0", NULL } },
  { "app.presenter-high-contrast", { "<Control><Shift>h", NULL } },
  { "app.fullscreen", { "F11", NULL } },
  { "win.view::correlations", { "<Alt>8", NULL } },
};

void
lesc_app_shortcuts_install (GtkApplication *app)
{
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
}

/* "<Control><Shift>s" → "Ctrl+Shift+S" */
static void
append_accel (GString *keys, const char *accel)
{
  guint key = 0;
  GdkModifierType mods = 0;
  if (keys->len > 0)
    g_string_append (keys, ", ");
  if (gtk_accelerator_parse (accel, &key, &mods))
    {
      g_autofree char *label = gtk_accelerator_get_label (key, mods);
      g_string_append (keys, label);
    }
  else
    g_string_append (keys, accel);
}

typedef struct
{
  FILE *out;
  const char *object;      /* class of the innermost object (interned) */
  const char *property;    /* the property whose text comes next (interned), or NULL */
  char *title, *accel, *action;
} Overlay;

static void
on_start (GMarkupParseContext *ctx, const char *element, const char **names,
          const char **values, gpointer data, GError **error)
{
  Overlay *o = data;
  const char *cls = NULL, *name = NULL;
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (strcmp (names[i], "class") == 0)
        cls = values[i];
      else if (strcmp (names[i], "name") == 0)
        name = values[i];
    }
  if (strcmp (element, "object") == 0)
    {
      o->object = g_intern_string (cls);
      g_clear_pointer (&o->title, g_free);
      g_clear_pointer (&o->accel, g_free);
      g_clear_pointer (&o->action, g_free);
    }
  else if (strcmp (element, "property") == 0)
    o->property = g_intern_string (name);
}

static void
on_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  Overlay *o = data;
  if (o->property == NULL || o->object == NULL)
    return;
  char **slot = strcmp (o->property, "title") == 0 ? &o->title
              : strcmp (o->property, "accelerator") == 0 ? &o->accel
              : strcmp (o->property, "action-name") == 0 ? &o->action : NULL;
  if (slot == NULL)
    return;
  g_free (*slot);
  *slot = g_strndup (text, len);
  /* a group's title heads its shortcuts */
  if (slot == &o->title && strcmp (o->object, "GtkShortcutsGroup") == 0)
    fprintf (o->out, "%s\n", g_dgettext (GETTEXT_PACKAGE, o->title));
}

static void
on_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  Overlay *o = data;
  if (strcmp (element, "property") == 0)
    {
      o->property = NULL;
      return;
    }
  if (strcmp (element, "object") != 0 || o->object == NULL
      || strcmp (o->object, "GtkShortcutsShortcut") != 0)
    return;
  g_autoptr (GString) keys = g_string_new (NULL);
  if (o->accel != NULL)
    append_accel (keys, o->accel);
  for (guint i = 0; o->action != NULL && i < G_N_ELEMENTS (accels); i++)
    if (strcmp (accels[i].action, o->action) == 0)
      for (guint k = 0; accels[i].accels[k] != NULL; k++)
        append_accel (keys, accels[i].accels[k]);
  if (keys->len == 0)
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                   "shortcut '%s' has no keys", o->title != NULL ? o->title : "?");
      return;
    }
  fprintf (o->out, "  %s%*s  %s\n", keys->str, (int) MAX (0, 22 - g_utf8_strlen (keys->str, -1)), "",
           o->title != NULL ? g_dgettext (GETTEXT_PACKAGE, o->title) : "");
  o->object = NULL;
}

gboolean
lesc_app_shortcuts_print (FILE *out, GError **error)
{
  g_autoptr (GBytes) ui = g_resources_lookup_data (LESC_APP_RESOURCE_PATH "/gtk/help-overlay.ui",
                                                   G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (ui == NULL)
    return FALSE;
  static const GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };
  Overlay o = { .out = out };
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &o, NULL);
  gsize len = 0;
  const char *text = g_bytes_get_data (ui, &len);
  gboolean ok = g_markup_parse_context_parse (ctx, text, len, error)
                && g_markup_parse_context_end_parse (ctx, error);
  g_free (o.title);
  g_free (o.accel);
  g_free (o.action);
  return ok;
}
