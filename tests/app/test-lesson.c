/* The window's lesson mode (app/lesson-bar.c) under Xvfb: the shipped lesson walked
 * forwards and backwards with the state each step sets checked against a table written
 * here (data set, ticked methods, parameter values, variant, the visible view, the
 * outlined control), the user's change during a step, leaving (the window as before), a
 * bad lesson (one line naming the file and the step), the keys; and presenter mode's
 * controls (the CSS scale measured on a label). */
#include "config.h"
#include "appwindow.h"

#include <glib/gstdio.h>
#include <math.h>

#include "app/lesson-bar.h"
#include "app/param-row.h"
#include "app/presenter.h"
#include "app/strip-view.h"
#include "session/lesson.h"

typedef struct {
  const char *view;
  const char *ticked;        /* space-separated registry names */
  const char *values;        /* "glle:lambda1=0.01 …": values that differ from the defaults */
  const char *highlight;     /* "data", "km", "glle:lambda1", "variant", "page:comparison" */
  const char *title;
} Step;

/* docs/teaching.md's table of the shipped lesson */
static const Step steps[] = {
  { "distributions", "", "", "data", "The true distributions" },
  { "distributions", "", "", NULL, "The logical labels, and what is lost" },
  { "distributions", "km", "", "km", "A baseline, and why it is blocky" },
  { "strip", "glle", "glle:lambda1=0.01", "glle:lambda1", "GLLE: the local graph" },
  { "distributions", "glle lesc", "glle:lambda1=0.01 lesc:lambda1=10 lesc:lambda2=0.1", "lesc",
    "LESC: global sample correlations" },
  { "correlations", "glle lesc", "glle:lambda1=0.01 lesc:lambda1=10 lesc:lambda2=0.1", "lesc",
    "LESC: the samples one sample draws on" },
  { "distributions", "glle lesc glesc",
    "glle:lambda1=0.01 lesc:lambda1=10 lesc:lambda2=0.1 glesc:lambda1=10 glesc:lambda2=10", "glesc",
    "gLESC: several views" },
  { "measures", "km glle lesc glesc",
    "glle:lambda1=0.01 lesc:lambda1=10 lesc:lambda2=0.1 glesc:lambda1=10 glesc:lambda2=10", "page:comparison",
    "The measures, the table and the CD diagram" },
  { "optimizer", "glle",
    "glle:lambda1=0.01 lesc:lambda1=10 lesc:lambda2=0.1 glesc:lambda1=10 glesc:lambda2=10", "variant",
    "The 300-iteration cap" },
};

static char *lesson_path;

static double
value_of (const LescMethod *m, const char *param)
{
  LescRunParams p;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), m, &p);
  return lesc_run_params_get (&p, m, param, NAN);
}

static const char *
visible_view (void)
{
  GtkWidget *any = lesc_window_get_view (window, "distributions");
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (any, ADW_TYPE_VIEW_STACK));
  return adw_view_stack_get_visible_child_name (stack);
}

static gboolean
page_needs_attention (const char *name)
{
  GtkWidget *child = lesc_window_get_view (window, name);
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (child, ADW_TYPE_VIEW_STACK));
  return adw_view_stack_page_get_needs_attention (adw_view_stack_get_page (stack, child));
}

static LescVariant
variant_now (void)
{
  LescRunParams p;
  guint n = 0;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), lesc_methods (&n)[0], &p);
  return p.variant;
}

static char *
label_text_under (GtkWidget *w)
{
  GString *s = g_string_new (NULL);
  if (GTK_IS_LABEL (w))
    g_string_append_printf (s, "%s\n", gtk_label_get_text (GTK_LABEL (w)));
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      g_autofree char *t = label_text_under (c);
      g_string_append (s, t);
    }
  return g_string_free (s, FALSE);
}

/* The window shows step i as the table says. */
static void
check_step (guint i)
{
  const Step *st = &steps[i];
  g_test_message ("step %u: %s", i + 1, st->title);
  g_assert_cmpint (lesc_lesson_bar_current (window), ==, (int) i);
  g_assert_true (data_named ("artificial"));
  g_assert_cmpstr (visible_view (), ==, st->view);
  g_auto (GStrv) ticked = g_strsplit (st->ticked, " ", -1);
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpint (lesc_method_panel_is_selected (panel, all[r]), ==, g_strv_contains ((const char *const *) ticked, all[r]->name));
      for (guint k = 0; k < all[r]->n_params; k++)
        {
          g_autofree char *key = g_strdup_printf ("%s:%s=", all[r]->name, all[r]->params[k].name);
          const char *given = strstr (st->values, key);
          double want = given != NULL ? g_ascii_strtod (given + strlen (key), NULL) : all[r]->params[k].default_value;
          g_assert_cmpfloat_with_epsilon (value_of (all[r], all[r]->params[k].name), want, 1e-12 * fabs (want) + 1e-15);
        }
    }
  g_assert_cmpint (variant_now (), ==, LESC_VARIANT_REFERENCE);
  if (g_str_equal (st->view, "strip"))   /* the λ strip of the method the step is about */
    g_assert_true (lesc_strip_view_get_method (LESC_STRIP_VIEW (lesc_window_get_view (window, "strip")))
                   == lesc_method_find ("glle"));
  /* the bar's words */
  GtkWidget *bar = lesc_lesson_bar_get_bar (window);
  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_get_mapped (bar));
  g_autofree char *words = label_text_under (bar);
  g_autofree char *heading = g_strdup_printf ("Step %u of %u · %s", i + 1, (guint) G_N_ELEMENTS (steps), st->title);
  g_assert_nonnull (strstr (words, heading));
  /* the outlined control */
  GtkWidget *h = lesc_lesson_bar_get_highlighted (window);
  if (st->highlight == NULL)
    g_assert_null (h);
  else if (g_str_has_prefix (st->highlight, "page:"))
    {
      g_assert_null (h);
      g_assert_true (page_needs_attention (st->highlight + 5));
    }
  else
    {
      g_assert_nonnull (h);
      g_assert_true (gtk_widget_has_css_class (h, "lesson-highlight"));
      g_assert_true (gtk_widget_is_ancestor (h, GTK_WIDGET (window)));
      /* scrolled into the side bar's view (after the expander row opens) */
      lesc_test_spin (1.2);
      GtkWidget *scroller = gtk_widget_get_ancestor (h, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t b;
      g_assert_true (gtk_widget_compute_bounds (h, scroller, &b));
      g_test_message ("  outlined at y = %.0f of %d", b.origin.y, gtk_widget_get_height (scroller));
      g_assert_cmpfloat (b.origin.y, >=, 0);
      g_assert_cmpfloat (b.origin.y + MIN (b.size.height, 40), <=, gtk_widget_get_height (scroller));
      if (g_str_equal (st->highlight, "glle:lambda1"))
        g_assert_true (h == lesc_method_panel_get_param_row (panel, lesc_method_find ("glle"), "lambda1"));
      else if (g_str_equal (st->highlight, "variant"))
        g_assert_true (h == lesc_method_panel_get_setting_row (panel, "variant"));
      else if (g_str_equal (st->highlight, "data"))
        g_assert_cmpstr (G_OBJECT_TYPE_NAME (h), ==, "LescDataSummary");
      else   /* a method: its expander row, opened */
        {
          g_assert_true (ADW_IS_EXPANDER_ROW (h));
          g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (h)));
          g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (h)), ==,
                           lesc_method_find (st->highlight)->display_name);
        }
    }
  if (!g_str_equal (st->view, "comparison"))
    g_assert_false (page_needs_attention ("comparison") && !(st->highlight && g_str_equal (st->highlight, "page:comparison")));
}

/* The user's own state before the lesson. */
static void
set_users_state (void)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  select_methods ((const char *const[]) { "lp", "lesc", NULL });
  lesc_method_panel_set_param (panel, lesc_method_find ("lesc"), "lambda1", 3.5);
  lesc_method_panel_set_param (panel, lesc_method_find ("glle"), "lambda1", 0.25);
  lesc_method_panel_set_seed (panel, 77);
  lesc_method_panel_set_variant (panel, LESC_VARIANT_CONVERGED);
  lesc_window_show_view (window, "cv");
}

static void
check_users_state (void)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint r = 0; r < n; r++)
    g_assert_cmpint (lesc_method_panel_is_selected (panel, all[r]), ==,
                     g_str_equal (all[r]->name, "lp") || g_str_equal (all[r]->name, "lesc"));
  g_assert_cmpfloat (value_of (lesc_method_find ("lesc"), "lambda1"), ==, 3.5);
  g_assert_cmpfloat (value_of (lesc_method_find ("lesc"), "lambda2"), ==,
                     lesc_method_find ("lesc")->params[lesc_method_param_index (lesc_method_find ("lesc"), "lambda2")].default_value);
  g_assert_cmpfloat (value_of (lesc_method_find ("glle"), "lambda1"), ==, 0.25);
  g_assert_cmpfloat (value_of (lesc_method_find ("glesc"), "lambda2"), ==,
                     lesc_method_find ("glesc")->params[lesc_method_param_index (lesc_method_find ("glesc"), "lambda2")].default_value);
  LescRunParams p;
  lesc_method_panel_get_params (panel, all[0], &p);
  g_assert_cmpuint (p.seed, ==, 77);
  g_assert_cmpint (p.variant, ==, LESC_VARIANT_CONVERGED);
  g_assert_cmpstr (visible_view (), ==, "cv");
}

static void
test_walk (void)
{
  set_users_state ();
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_lesson_bar_start (window, "le-in-twenty-minutes", &error));
  g_assert_no_error (error);
  lesc_test_spin (0.2);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      if (i > 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "lesson.next", NULL);
      lesc_test_spin (0.05);
      check_step (i);
    }
  /* at the end Next does nothing */
  g_assert_false (lesc_lesson_bar_next (window));
  g_assert_cmpint (lesc_lesson_bar_current (window), ==, (int) G_N_ELEMENTS (steps) - 1);
  /* backwards: each step the same as forwards */
  for (guint i = G_N_ELEMENTS (steps) - 1; i-- > 0;)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "lesson.previous", NULL);
      lesc_test_spin (0.05);
      check_step (i);
    }
  g_assert_false (lesc_lesson_bar_previous (window));
  /* the user touches controls during a step; the next step sets what it states */
  g_assert_true (lesc_lesson_bar_next (window));
  g_assert_true (lesc_lesson_bar_next (window));   /* step 3: km */
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  lesc_method_panel_set_selected (panel, lesc_method_find ("ml"), TRUE);
  lesc_method_panel_set_param (panel, lesc_method_find ("glle"), "lambda1", 7.0);
  lesc_method_panel_set_variant (panel, LESC_VARIANT_CONVERGED);
  lesc_window_show_view (window, "sensitivity");
  g_assert_true (lesc_method_panel_is_selected (panel, lesc_method_find ("ml")));
  g_assert_true (lesc_lesson_bar_next (window));
  check_step (3);
  /* leaving: the window as it was */
  gtk_widget_activate_action (GTK_WIDGET (window), "lesson.leave", NULL);
  lesc_test_spin (0.1);
  g_assert_cmpint (lesc_lesson_bar_current (window), ==, -1);
  g_assert_null (lesc_lesson_bar_get_bar (window));
  g_assert_null (lesc_lesson_bar_get_highlighted (window));
  g_assert_false (page_needs_attention ("comparison"));
  check_users_state ();
  g_assert_true (toast_has ((gpointer) "Left the lesson"));
}

/* Leaving from the middle, with the lesson's data set different from the user's. */
static void
test_leave_other_data (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lesc-lesson-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "tiny.csv", NULL);
  /* 2 features, 3 label columns of distributions */
  GString *t = g_string_new ("x1,x2,a,b,c\n");
  for (int i = 0; i < 12; i++)
    g_string_append_printf (t, "%d,%d,%.2f,%.2f,%.2f\n", i, (i * 7) % 5, 0.2 + 0.05 * (i % 4), 0.3, 0.5 - 0.05 * (i % 4));
  g_assert_true (g_file_set_contents (csv, t->str, -1, NULL));
  g_string_free (t, TRUE);
  lesc_window_open_with (window, csv, 3, FALSE);
  g_assert_true (lesc_test_wait (data_named, (gpointer) "tiny", 20));
  g_assert_true (lesc_lesson_bar_start (window, lesson_path, NULL));
  g_assert_true (lesc_test_wait (data_named, (gpointer) "artificial", 20));
  g_assert_true (lesc_lesson_bar_next (window));
  lesc_lesson_bar_leave (window);
  g_assert_true (lesc_test_wait (data_named, (gpointer) "tiny", 20));
  LescOpenOptions open;
  lesc_data_object_get_open_options (lesc_window_get_data (window), &open);
  g_assert_cmpuint (open.label_columns, ==, 3);
  g_remove (csv);
  g_rmdir (dir);
}

static void
test_bad_lesson (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lesc-lesson-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.lesson", NULL);
  const char *text = "[Lesson]\nTitle=Bad\n[Step 1]\nTitle=One\nText=Fine.\n"
                     "[Step 2]\nTitle=Two\nText=Not fine.\nParameters=glle:lambda1=1,000\n";
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_lesson_bar_start (window, path, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, ": step 2: "));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_null (lesc_lesson_bar_get_bar (window));
  g_assert_cmpint (lesc_lesson_bar_current (window), ==, -1);
  /* through the menu's action: the same line as a toast */
  gtk_widget_activate_action (GTK_WIDGET (window), "lesson.open", "s", path);
  g_assert_cmpstr (lesc_window_get_last_toast (window), ==, error->message);
  g_remove (path);
  g_rmdir (dir);
}

static gboolean
has_action (GtkApplication *app, const char *accel, const char *action)
{
  g_auto (GStrv) actions = gtk_application_get_actions_for_accel (app, accel);
  return g_strv_contains ((const char *const *) actions, action);
}

static void
test_keys (gconstpointer data)
{
  GtkApplication *app = GTK_APPLICATION ((gpointer) data);
  g_assert_true (has_action (app, "<Alt>Right", "lesson.next"));
  g_assert_true (has_action (app, "<Alt>Left", "lesson.previous"));
  g_assert_true (has_action (app, "<Control><Shift>l", "lesson.leave"));
  g_assert_true (has_action (app, "<Control>plus", "app.presenter-larger"));
  g_assert_true (has_action (app, "<Control>minus", "app.presenter-smaller"));
  g_assert_true (has_action (app, "<Control>0", "app.presenter-normal"));
  g_assert_true (has_action (app, "<Control><Shift>h", "app.presenter-high-contrast"));
  g_assert_true (has_action (app, "F11", "app.fullscreen"));
  /* the menu offers the shipped lesson */
  g_auto (GStrv) shipped = lesc_lesson_shipped ();
  g_assert_cmpuint (g_strv_length (shipped), >=, 1);
}

/* Presenter mode's controls: the actions step through the scales, the CSS follows, a
 * label's text is measured at twice its height, figures are painted again. */
static void
test_presenter (gconstpointer data)
{
  GApplication *app = G_APPLICATION ((gpointer) data);
  g_autoptr (GSettings) settings = lesc_app_settings_new ();
  GtkWidget *label = gtk_label_new ("Distributions Ag");
  GtkWidget *probe = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (probe), label);
  gtk_window_present (GTK_WINDOW (probe));
  lesc_test_spin (0.2);
  int h1;
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, NULL, &h1, NULL, NULL);
  LescPlotStyle style;
  lesc_presenter_get_style (&style);
  g_assert_cmpfloat (style.scale, ==, 1.0);
  lesc_window_show_view (window, "distributions");
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, window, 30));
  const double want[] = { 1.25, 1.5, 2.0, 2.0 };
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (app), "presenter-larger", NULL);
      lesc_presenter_get_style (&style);
      g_assert_cmpfloat (style.scale, ==, want[i]);
      g_assert_cmpfloat (g_settings_get_double (settings, "presenter-scale"), ==, want[i]);
    }
  /* the figure's picture is of the old style until it is painted again */
  g_assert_false (lesc_test_figures_ready (window));
  lesc_test_spin (0.3);
  int h2;
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, NULL, &h2, NULL, NULL);
  g_test_message ("label height ×1: %d px, ×2: %d px", h1, h2);
  g_assert_cmpfloat ((double) h2 / h1, >, 1.8);
  g_assert_cmpfloat ((double) h2 / h1, <, 2.2);
  g_autofree char *css = lesc_presenter_dup_css ();
  g_assert_nonnull (strstr (css, "font-size"));
  /* … and then it is */
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, window, 30));
  /* high contrast: the setting and its CSS */
  g_action_group_activate_action (G_ACTION_GROUP (app), "presenter-high-contrast", NULL);
  g_assert_true (g_settings_get_boolean (settings, "presenter-high-contrast"));
  lesc_presenter_get_style (&style);
  g_assert_true (style.high_contrast);
  g_free (css);
  css = lesc_presenter_dup_css ();
  g_assert_nonnull (strstr (css, "window_fg_color black"));
  g_action_group_activate_action (G_ACTION_GROUP (app), "presenter-high-contrast", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "presenter-normal", NULL);
  lesc_presenter_get_style (&style);
  g_assert_cmpfloat (style.scale, ==, 1.0);
  g_assert_false (style.high_contrast);
  g_free (css);
  css = lesc_presenter_dup_css ();
  g_assert_cmpstr (css, ==, "");
  gtk_window_destroy (GTK_WINDOW (probe));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  g_autoptr (GError) error = NULL;
  lesson_path = lesc_lesson_find ("le-in-twenty-minutes", &error);
  g_assert_no_error (error);
  LescApplication *app = appwindow_open ();
  lesc_lesson_bar_install (window);   /* what the application does for its windows */
  g_assert_true (lesc_test_wait (data_named, (gpointer) "artificial", 10));
  g_test_add_func ("/lesson/walk", test_walk);
  g_test_add_func ("/lesson/leave-other-data", test_leave_other_data);
  g_test_add_func ("/lesson/bad", test_bad_lesson);
  g_test_add_data_func ("/lesson/keys", app, test_keys);
  g_test_add_data_func ("/presenter/controls", app, test_presenter);
  int status = g_test_run ();
  appwindow_close (app);
  g_free (lesson_path);
  return status;
}
