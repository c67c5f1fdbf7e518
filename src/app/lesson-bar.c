/* The window's lesson mode (lesson-bar.h). */
#include "config.h"
#include "app/lesson-bar.h"
#include "app/correlation-view.h"
#include "app/window-private.h"
#include "app/presenter.h"

#include <glib/gi18n.h>

#include "session/dataspec.h"
#include "session/lesson-player.h"
#include "session/views.h"

#define HIGHLIGHT_CLASS "lesson-highlight"

typedef struct {
  LescWindow *window;              /* not a reference: this lives on the window */
  GSimpleActionGroup *actions;
  LescLessonPlayer *player;        /* NULL outside a lesson */
  char *pending_data;              /* a data set asked for and still being read */
  GtkWidget *bar, *heading, *text, *look;
  GtkWidget *highlighted;          /* outlined now, or NULL */
  AdwViewStackPage *page;          /* a view marked now, or NULL */
  guint scroll_id, scroll_ticks;   /* bringing it into view */
} Lesson;

static Lesson *
lesson_of (LescWindow *w)
{
  return g_object_get_data (G_OBJECT (w), "lesc-lesson");
}

/* ---- the window as the player's face (session/lesson-player.h) ----------------------------- */

static LescMethodPanel *
panel (gpointer face)
{
  return lesc_window_get_method_panel (face);
}

static char *
face_data_text (gpointer face)
{
  Lesson *ls = lesson_of (face);
  if (ls->pending_data != NULL)
    return g_strdup (ls->pending_data);
  LescDataObject *data = lesc_window_get_data (face);
  if (data == NULL)
    return NULL;
  LescOpenOptions open;
  lesc_data_object_get_open_options (data, &open);
  return lesc_data_spec_format (lesc_data_object_get_spec (data), &open);
}

/* Read in the background, as Open Recent does; the window's toast names a file it cannot
 * read (the lesson checked the file's name when it was loaded). */
static gboolean
face_open_data (gpointer face, const char *text, GError **error)
{
  Lesson *ls = lesson_of (face);
  g_free (ls->pending_data);
  ls->pending_data = g_strdup (text);
  gtk_widget_activate_action (GTK_WIDGET (face), "win.open-recent", "s", text);
  return TRUE;
}

static const LescMethod *
any_method (void)
{
  guint n = 0;
  return lesc_methods (&n)[0];
}

static guint32
face_seed (gpointer face)
{
  LescRunParams p;
  lesc_method_panel_get_params (panel (face), any_method (), &p);
  return p.seed;
}

static void face_set_seed (gpointer face, guint32 seed) { lesc_method_panel_set_seed (panel (face), seed); }

static LescVariant
face_variant (gpointer face)
{
  LescRunParams p;
  lesc_method_panel_get_params (panel (face), any_method (), &p);
  return p.variant;
}

static void
face_set_variant (gpointer face, LescVariant v)
{
  lesc_method_panel_set_variant (panel (face), v);
}

static gboolean
face_ticked (gpointer face, const LescMethod *m)
{
  return lesc_method_panel_is_selected (panel (face), m);
}

static void
face_set_ticked (gpointer face, const LescMethod *m, gboolean ticked)
{
  lesc_method_panel_set_selected (panel (face), m, ticked);
}

static double
face_value (gpointer face, const LescMethod *m, guint k)
{
  LescRunParams p;
  lesc_method_panel_get_params (panel (face), m, &p);
  return p.values[k];
}

static void
face_set_value (gpointer face, const LescMethod *m, guint k, double value)
{
  lesc_method_panel_set_param (panel (face), m, m->params[k].name, value);
}

static void
face_message (gpointer face, const char *text)
{
  lesc_window_toast (face, text);
}

/* The window queues runs a moment after the last change (auto-run), so a step set in one
 * go starts its runs once: nothing to hold off. */
static const LescLessonFace window_face = {
  face_data_text, face_open_data, face_seed, face_set_seed, face_variant, face_set_variant,
  NULL, NULL, face_ticked, face_set_ticked, face_value, face_set_value, face_message,
};

static void
data_changed_cb (LescWindow *w, Lesson *ls)
{
  g_clear_pointer (&ls->pending_data, g_free);
}

/* ---- the highlighted control ---------------------------------------------------------------- */

static void
unhighlight (Lesson *ls)
{
  if (ls->highlighted != NULL)
    {
      gtk_widget_remove_css_class (ls->highlighted, HIGHLIGHT_CLASS);
      g_clear_object (&ls->highlighted);
    }
  if (ls->page != NULL)
    {
      adw_view_stack_page_set_needs_attention (ls->page, FALSE);
      g_clear_object (&ls->page);
    }
}

/* The side bar's widget for `name` (lesc_lesson_control_valid), or NULL. */
static GtkWidget *
control_widget (LescWindow *w, const char *name)
{
  if (g_str_equal (name, "data"))
    return GTK_WIDGET (w->data_summary);
  if (g_str_equal (name, "run"))
    return w->progress_strip;
  if (g_str_equal (name, "variant"))
    return lesc_method_panel_get_setting_row (w->method_panel, "variant");
  g_auto (GStrv) parts = g_strsplit (name, ":", 2);
  const LescMethod *m = lesc_method_find (parts[0]);
  if (m == NULL || m->n_params == 0)
    return NULL;
  lesc_method_panel_show_method (w->method_panel, m);
  GtkWidget *row = lesc_method_panel_get_param_row (w->method_panel, m, parts[1] != NULL ? parts[1] : m->params[0].name);
  if (parts[1] != NULL || row == NULL)
    return row;
  return gtk_widget_get_ancestor (row, ADW_TYPE_EXPANDER_ROW);
}

/* Bring the outlined control into the side bar's view; again on the next ticks, while the
 * expander row opening it moves what is below (a second). */
static gboolean
scroll_to_cb (gpointer data)
{
  LescWindow *w = data;
  Lesson *ls = lesson_of (w);
  if (ls == NULL)
    return G_SOURCE_REMOVE;
  if (ls->highlighted == NULL || ls->scroll_ticks++ >= 10)
    {
      ls->scroll_id = 0;
      return G_SOURCE_REMOVE;
    }
  GtkWidget *content = gtk_scrolled_window_get_child (w->sidebar);
  if (GTK_IS_VIEWPORT (content))   /* its child's coordinates are the scrolled ones */
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  graphene_rect_t r;
  if (content != NULL && gtk_widget_compute_bounds (ls->highlighted, content, &r))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (w->sidebar), r.origin.y - 12,
                               r.origin.y + MIN (r.size.height, 200) + 12);
  return G_SOURCE_CONTINUE;
}

static void
highlight (Lesson *ls, const char *name)
{
  unhighlight (ls);
  if (name == NULL)
    return;
  LescWindow *w = ls->window;
  int view = lesc_view_find (name);
  if (view >= 0)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (w->view_stack, lesc_views ()[view].name);
      if (child != NULL)
        {
          ls->page = g_object_ref (adw_view_stack_get_page (w->view_stack, child));
          adw_view_stack_page_set_needs_attention (ls->page, TRUE);
        }
      return;
    }
  GtkWidget *widget = control_widget (w, name);
  if (widget == NULL)
    return;
  ls->highlighted = g_object_ref (widget);
  gtk_widget_add_css_class (widget, HIGHLIGHT_CLASS);
  if (gtk_widget_is_ancestor (widget, GTK_WIDGET (w->sidebar)))
    {
      /* a side bar folded away (a narrow window, presenter mode) would cover the view:
       * it stays as it is, outlined inside for when it is opened (F9) */
      if (!adw_flap_get_folded (w->flap))
        adw_flap_set_reveal_flap (w->flap, TRUE);
      ls->scroll_ticks = 0;
      g_clear_handle_id (&ls->scroll_id, g_source_remove);
      ls->scroll_id = g_timeout_add_full (G_PRIORITY_DEFAULT, 100, scroll_to_cb, g_object_ref (w), g_object_unref);
    }
}

/* ---- the bar -------------------------------------------------------------------------------- */

static void
update_actions (Lesson *ls)
{
  guint cur = ls->player != NULL ? lesc_lesson_player_current (ls->player) : 0;
  guint n = ls->player != NULL ? lesc_lesson_n_steps (lesc_lesson_player_lesson (ls->player)) : 0;
  struct { const char *name; gboolean on; } states[] = {
    { "next", ls->player != NULL && cur + 1 < n },
    { "previous", ls->player != NULL && cur > 0 },
    { "leave", ls->player != NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (ls->actions), states[i].name)),
                                 states[i].on);
}

static GtkWidget *
bar_button (const char *label, const char *icon, const char *action, const char *tooltip)
{
  GtkWidget *b = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), icon);
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  gtk_button_set_child (GTK_BUTTON (b), content);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  gtk_widget_set_tooltip_text (b, tooltip);
  gtk_widget_set_valign (b, GTK_ALIGN_START);
  return b;
}

static void
build_bar (Lesson *ls)
{
  ls->bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (ls->bar, "lesson-bar");
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  ls->heading = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (ls->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (ls->heading), TRUE);
  gtk_widget_set_hexpand (ls->heading, TRUE);
  gtk_widget_add_css_class (ls->heading, "heading");
  gtk_box_append (GTK_BOX (top), ls->heading);
  gtk_box_append (GTK_BOX (top), bar_button (_("_Previous"), "go-previous-symbolic", "lesson.previous",
                                             _("The step before (Alt+Left)")));
  gtk_box_append (GTK_BOX (top), bar_button (_("_Next"), "go-next-symbolic", "lesson.next",
                                             _("The next step (Alt+Right)")));
  gtk_box_append (GTK_BOX (top), bar_button (_("_Leave"), "window-close-symbolic", "lesson.leave",
                                             _("Leave the lesson: the window as it was before (Ctrl+Shift+L)")));
  gtk_box_append (GTK_BOX (ls->bar), top);
  ls->text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (ls->text), 0);
  gtk_label_set_wrap (GTK_LABEL (ls->text), TRUE);
  gtk_label_set_selectable (GTK_LABEL (ls->text), FALSE);
  gtk_box_append (GTK_BOX (ls->bar), ls->text);
  ls->look = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (ls->look), 0);
  gtk_label_set_wrap (GTK_LABEL (ls->look), TRUE);
  gtk_widget_add_css_class (ls->look, "dim-label");
  gtk_box_append (GTK_BOX (ls->bar), ls->look);
  /* above the views, below the progress strip */
  GtkWidget *content = gtk_widget_get_parent (GTK_WIDGET (ls->window->view_stack));
  gtk_box_insert_child_after (GTK_BOX (content), ls->bar,
                              gtk_widget_get_prev_sibling (GTK_WIDGET (ls->window->view_stack)));
}

/* The method a step's λ strip, optimizer or correlations view shows: the one it points at, else the first
 * ticked one with an LE step. */
static const LescMethod *
step_method (Lesson *ls, const LescLessonStep *st)
{
  if (st->highlight != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (st->highlight, ":", 2);
      const LescMethod *m = lesc_method_find (parts[0]);
      if (m != NULL && m->smoothness != NULL)
        return m;
    }
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (all[i]->smoothness != NULL && lesc_method_panel_is_selected (ls->window->method_panel, all[i]))
      return all[i];
  return NULL;
}

/* Show the player's current step: words, view, outlined control. */
static void
show_step (Lesson *ls)
{
  LescLessonPlayer *p = ls->player;
  const LescLessonStep *st = lesc_lesson_player_step (p);
  g_autofree char *heading = lesc_lesson_player_heading (p);
  gtk_label_set_text (GTK_LABEL (ls->heading), heading);
  gtk_label_set_text (GTK_LABEL (ls->text), st->text);
  g_autofree char *what = lesc_lesson_control_describe (st->highlight);
  /* TRANSLATORS: under a lesson step: "Look at: GLLE · λ (LE trade-off)" */
  g_autofree char *look = what != NULL ? g_strdup_printf (_("Look at: %s"), what) : NULL;
  gtk_label_set_text (GTK_LABEL (ls->look), look != NULL ? look : "");
  gtk_widget_set_visible (ls->look, look != NULL);
  int view = lesc_lesson_player_view (p);
  const LescMethod *m = step_method (ls, st);
  if (view >= 0 && m != NULL && g_str_equal (lesc_views ()[view].name, "strip"))
    lesc_strip_view_select_method (ls->window->strip_view, m);
  if (view >= 0 && m != NULL && g_str_equal (lesc_views ()[view].name, "optimizer"))
    lesc_optimizer_view_select_method (ls->window->optimizer_view, m);
  if (view >= 0 && m != NULL && g_str_equal (lesc_views ()[view].name, "correlations"))
    lesc_correlations_view_show_method (LESC_CORRELATIONS_VIEW (lesc_window_get_view (ls->window, "correlations")),
                                        m->name);
  if (view >= 0)
    lesc_window_show_view (ls->window, lesc_views ()[view].name);
  highlight (ls, st->highlight);
  update_actions (ls);
}

static void
step_error (Lesson *ls, GError *error)
{
  if (error != NULL)
    lesc_window_toast (ls->window, error->message);
}

gboolean
lesc_lesson_bar_next (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  g_autoptr (GError) error = NULL;
  if (ls == NULL || ls->player == NULL || !lesc_lesson_player_next (ls->player, &error))
    return FALSE;
  step_error (ls, error);
  show_step (ls);
  return TRUE;
}

gboolean
lesc_lesson_bar_previous (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  g_autoptr (GError) error = NULL;
  if (ls == NULL || ls->player == NULL || !lesc_lesson_player_previous (ls->player, &error))
    return FALSE;
  step_error (ls, error);
  show_step (ls);
  return TRUE;
}

void
lesc_lesson_bar_leave (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  if (ls == NULL || ls->player == NULL)
    return;
  unhighlight (ls);
  int view = lesc_lesson_player_leave (g_steal_pointer (&ls->player));
  if (view >= 0 && view < LESC_VIEW_N)
    lesc_window_show_view (w, lesc_views ()[view].name);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (ls->bar)), ls->bar);
  ls->bar = ls->heading = ls->text = ls->look = NULL;
  update_actions (ls);
  lesc_window_toast (w, _("Left the lesson: the window is as it was before."));
}

gboolean
lesc_lesson_bar_start (LescWindow *w, const char *name, GError **error)
{
  Lesson *ls = lesson_of (w);
  g_return_val_if_fail (ls != NULL, FALSE);
  g_autofree char *file = lesc_lesson_find (name, error);
  if (file == NULL)
    return FALSE;
  LescLesson *lesson = lesc_lesson_load (file, error);
  if (lesson == NULL)
    return FALSE;
  if (ls->player != NULL)
    lesc_lesson_bar_leave (w);
  const char *visible = adw_view_stack_get_visible_child_name (w->view_stack);
  int view = visible != NULL ? lesc_view_find (visible) : -1;
  g_autoptr (GError) first = NULL;
  ls->player = lesc_lesson_player_enter_face (&window_face, w, lesson, view, &first);
  build_bar (ls);
  step_error (ls, first);
  show_step (ls);
  return TRUE;
}

int
lesc_lesson_bar_current (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  return ls != NULL && ls->player != NULL ? (int) lesc_lesson_player_current (ls->player) : -1;
}

GtkWidget *
lesc_lesson_bar_get_bar (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  return ls != NULL ? ls->bar : NULL;
}

GtkWidget *
lesc_lesson_bar_get_highlighted (LescWindow *w)
{
  Lesson *ls = lesson_of (w);
  return ls != NULL ? ls->highlighted : NULL;
}

/* ---- actions and the menu ------------------------------------------------------------------- */

static void
next_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  lesc_lesson_bar_next (((Lesson *) data)->window);
}

static void
previous_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  lesc_lesson_bar_previous (((Lesson *) data)->window);
}

static void
leave_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  lesc_lesson_bar_leave (((Lesson *) data)->window);
}

static void
open_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  Lesson *ls = data;
  g_autoptr (GError) error = NULL;
  if (!lesc_lesson_bar_start (ls->window, g_variant_get_string (p, NULL), &error))
    lesc_window_toast (ls->window, error->message);
}

static void
file_chosen_cb (GtkNativeDialog *dialog, int response, gpointer data)
{
  Lesson *ls = data;
  g_autoptr (GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  g_autoptr (GError) error = NULL;
  if (path != NULL && !lesc_lesson_bar_start (ls->window, path, &error))
    lesc_window_toast (ls->window, error->message);
  g_object_unref (dialog);
}

static void
open_file_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  Lesson *ls = data;
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Lesson"), GTK_WINDOW (ls->window),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Lessons (.lesson, .ini)"));
  gtk_file_filter_add_pattern (filter, "*.lesson");
  gtk_file_filter_add_pattern (filter, "*.ini");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen_cb), ls);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
lesson_free (Lesson *ls)
{
  g_clear_handle_id (&ls->scroll_id, g_source_remove);
  lesc_lesson_player_free (ls->player);   /* the window is going: nothing to restore */
  g_clear_object (&ls->highlighted);
  g_clear_object (&ls->page);
  g_clear_object (&ls->actions);
  g_free (ls->pending_data);
  g_free (ls);
}

static void
add_menu (Lesson *ls)
{
  g_autoptr (GMenu) lessons = g_menu_new ();
  g_auto (GStrv) shipped = lesc_lesson_shipped ();
  for (char **f = shipped; *f != NULL; f++)
    {
      g_autoptr (LescLesson) l = lesc_lesson_load (*f, NULL);
      if (l == NULL)
        continue;
      g_autoptr (GMenuItem) item = g_menu_item_new (l->title, NULL);
      g_menu_item_set_action_and_target_value (item, "lesson.open", g_variant_new_string (*f));
      g_menu_append_item (lessons, item);
    }
  g_autoptr (GMenu) more = g_menu_new ();
  g_menu_append (more, _("Open a Lesson _File…"), "lesson.open-file");
  g_menu_append_section (lessons, NULL, G_MENU_MODEL (more));
  g_autoptr (GMenu) section = g_menu_new ();
  g_menu_append_submenu (section, _("_Lessons"), G_MENU_MODEL (lessons));
  g_menu_insert_section (ls->window->main_menu, 1, NULL, G_MENU_MODEL (section));
  lesc_presenter_add_menu (ls->window->main_menu);
}

void
lesc_lesson_bar_install (LescWindow *w)
{
  if (lesson_of (w) != NULL)
    return;
  Lesson *ls = g_new0 (Lesson, 1);
  ls->window = w;
  ls->actions = g_simple_action_group_new ();
  const GActionEntry entries[] = {
    { "next", next_action },
    { "previous", previous_action },
    { "leave", leave_action },
    { "open", open_action, "s" },
    { "open-file", open_file_action },
  };
  g_action_map_add_action_entries (G_ACTION_MAP (ls->actions), entries, G_N_ELEMENTS (entries), ls);
  gtk_widget_insert_action_group (GTK_WIDGET (w), "lesson", G_ACTION_GROUP (ls->actions));
  g_object_set_data_full (G_OBJECT (w), "lesc-lesson", ls, (GDestroyNotify) lesson_free);
  g_signal_connect (w, "data-changed", G_CALLBACK (data_changed_cb), ls);
  update_actions (ls);
  add_menu (ls);
}
