/* The window's actions (win.*): opening a file, switching views, exports, copying the
 * figure, running, cancelling and the side bar. */
#include "config.h"
#include "app/window-private.h"

#include <glib/gi18n.h>

#include "app/data-folder.h"
#include "app/exportable.h"
#include "app/result.h"
#include "core/data/tablefile.h"
#include "core/experiments/experiment.h"
#include "session/dataspec.h"
#include "session/memory.h"

/* ---- open ------------------------------------------------------------------------------ */

static void
open_response_cb (GtkNativeDialog *dialog, int response, gpointer data)
{
  LescWindow *self = data;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      if (path != NULL)
        lesc_window_open (self, path);
    }
  g_object_unref (dialog);
}

/* ---- Open Recent ------------------------------------------------------------------------ */

static void
refresh_recent (LescWindow *self)
{
  g_autofree char *path = lesc_session_memory_default_path ();
  g_auto (GStrv) recent = lesc_session_memory_load_recent (path);
  g_menu_remove_all (self->recent_menu);
  for (char **r = recent; *r != NULL; r++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (*r, NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (*r));
      g_menu_append_item (self->recent_menu, item);
    }
}

void
_lesc_window_recent_init (LescWindow *self)
{
  self->recent_menu = g_menu_new ();
  g_autoptr (GMenuModel) first = g_menu_model_get_item_link (G_MENU_MODEL (self->main_menu), 0, G_MENU_LINK_SECTION);
  if (first != NULL && G_IS_MENU (first))
    g_menu_append_submenu (G_MENU (first), _("Open _Recent"), G_MENU_MODEL (self->recent_menu));
  refresh_recent (self);
}

/* A data set opened: first among the recent ones, with the options it was read with. */
void
_lesc_window_recent_add (LescWindow *self, const char *spec, LescDataObject *data)
{
  LescOpenOptions open;
  lesc_data_object_get_open_options (data, &open);
  g_autofree char *text = lesc_data_spec_format (spec, &open);
  g_autofree char *path = lesc_session_memory_default_path ();
  g_autoptr (GError) error = NULL;
  if (!lesc_session_memory_push_recent (path, text, &error))
    g_message ("%s", error->message);   /* Open Recent misses it; the data set is open */
  refresh_recent (self);
}

GMenuModel *
lesc_window_get_recent_menu (LescWindow *self)
{
  return G_MENU_MODEL (self->recent_menu);
}

static void
open_recent_action (GtkWidget *widget, const char *action, GVariant *param)
{
  _lesc_window_open_text (LESC_WINDOW (widget), g_variant_get_string (param, NULL));
}

void
_lesc_window_open_text (LescWindow *self, const char *text)
{
  LescOpenOptions open = { 0 };
  g_autofree char *spec = NULL;
  g_autoptr (GError) error = NULL;
  if (!lesc_data_spec_parse (text, &spec, &open, &error))
    {
      lesc_window_toast (self, error->message);
      return;
    }
  if (open.logical_columns > 0)
    lesc_window_open_table (self, spec, open.logical_columns, TRUE);
  else
    lesc_window_open_with (self, spec, open.label_columns, (open.flags & LESC_VALIDATE_RENORMALIZE) != 0);
}

static void
open_action (GtkWidget *widget, const char *action, GVariant *param)
{
  LescWindow *self = LESC_WINDOW (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open Data Set"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN,
                                                              _("_Open"), _("_Cancel"));
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Data sets (.mat, .csv, .tsv, .npy, .npz)"));
  const char *const patterns[] = { "mat", "csv", "tsv", "txt", "npy", "npz" };
  for (guint k = 0; k < G_N_ELEMENTS (patterns); k++)
    {
      g_autofree char *lower = g_strdup_printf ("*.%s", patterns[k]);
      g_autofree char *upper = g_ascii_strup (lower, -1);
      gtk_file_filter_add_pattern (filter, lower);
      gtk_file_filter_add_pattern (filter, upper);
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  g_autofree char *dir = lesc_data_folder_get (self->settings, NULL);
  if (dir != NULL)
    {
      g_autoptr (GFile) folder = g_file_new_for_path (dir);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- views and export ------------------------------------------------------------------ */

static void
view_action (GtkWidget *widget, const char *action, GVariant *param)
{
  lesc_window_show_view (LESC_WINDOW (widget), g_variant_get_string (param, NULL));
}

static LescExportable *
visible_exportable (LescWindow *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (self->view_stack);
  return child != NULL && LESC_IS_EXPORTABLE (child) ? LESC_EXPORTABLE (child) : NULL;
}

typedef enum { SAVE_FIGURE, SAVE_FIGURE_DATA, SAVE_TABLE } SaveKind;

typedef struct {
  LescWindow *self;
  char *format;
  SaveKind kind;
} SaveRequest;

static void
save_response_cb (GtkNativeDialog *dialog, int response, gpointer data)
{
  SaveRequest *req = data;
  LescWindow *self = req->self;
  LescExportable *view = visible_exportable (self);
  if (response == GTK_RESPONSE_ACCEPT && view != NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      gboolean ok = req->kind == SAVE_FIGURE ? lesc_export_figure (view, path, 2.0, &error)
                    : req->kind == SAVE_FIGURE_DATA ? lesc_export_figure_data (view, path, &error)
                    : lesc_export_table (view, path, g_str_equal (req->format, "latex") ? LESC_TABLE_LATEX
                                                                                       : LESC_TABLE_CSV,
                                         &error);
      if (ok)
        {
          g_autofree char *base = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Saved %s"), base);
          lesc_window_toast (self, msg);
        }
      else
        lesc_window_toast (self, error->message);
    }
  g_free (req->format);
  g_free (req);
  g_object_unref (dialog);
}

static void
export (LescWindow *self, const char *format, SaveKind kind)
{
  LescExportable *view = visible_exportable (self);
  gboolean available = FALSE;
  if (view != NULL && kind == SAVE_FIGURE)
    available = lesc_exportable_has_figure (view);
  else if (view != NULL && kind == SAVE_FIGURE_DATA)
    {
      g_autofree char *data = lesc_exportable_get_figure_data (view);
      available = data != NULL;
    }
  else if (view != NULL)
    {
      g_autoptr (LescTable) table = lesc_exportable_get_table (view);
      available = table != NULL;
    }
  if (!available)
    {
      lesc_window_toast (self, kind == SAVE_TABLE ? _("This view has no table to export yet.")
                               : kind == SAVE_FIGURE_DATA ? _("This view has no figure data to export yet.")
                                                          : _("This view has no figure to export yet."));
      return;
    }
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      kind == SAVE_TABLE ? _("Save Table") : kind == SAVE_FIGURE_DATA ? _("Save Figure Data") : _("Save Figure"),
      GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  g_autofree char *base = lesc_exportable_get_basename (view);
  const char *ext = g_str_equal (format, "latex") ? "tex" : format;
  g_autofree char *name = kind == SAVE_FIGURE_DATA ? g_strdup_printf ("%s-data.csv", base)
                                                   : g_strdup_printf ("%s.%s", base, ext);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  SaveRequest *req = g_new0 (SaveRequest, 1);
  req->self = self;
  req->format = g_strdup (format);
  req->kind = kind;
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), req);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The export menu offers what the visible view has: its items are greyed out otherwise. */
void
_lesc_window_update_export_actions (LescWindow *self)
{
  LescExportable *view = visible_exportable (self);
  g_autoptr (LescTable) table = view != NULL ? lesc_exportable_get_table (view) : NULL;
  self->can_export_figure = view != NULL && lesc_exportable_has_figure (view);
  self->can_export_table = table != NULL;
  GtkWidget *w = GTK_WIDGET (self);
  gtk_widget_action_set_enabled (w, "win.export-figure", self->can_export_figure);
  gtk_widget_action_set_enabled (w, "win.export-data", self->can_export_figure);
  gtk_widget_action_set_enabled (w, "win.copy-figure", self->can_export_figure);
  gtk_widget_action_set_enabled (w, "win.export-table", self->can_export_table);
}

static void
export_figure_action (GtkWidget *widget, const char *action, GVariant *param)
{
  export (LESC_WINDOW (widget), g_variant_get_string (param, NULL), SAVE_FIGURE);
}

static void
export_data_action (GtkWidget *widget, const char *action, GVariant *param)
{
  export (LESC_WINDOW (widget), "csv", SAVE_FIGURE_DATA);
}

static void
export_table_action (GtkWidget *widget, const char *action, GVariant *param)
{
  export (LESC_WINDOW (widget), g_variant_get_string (param, NULL), SAVE_TABLE);
}

/* ---- recovered distributions ------------------------------------------------------------ */

static LescResult *
result_of (LescWindow *self, const LescMethod *method)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (G_LIST_MODEL (self->results), i);
      if (lesc_result_get_method (r) == method)
        return r;   /* the list keeps it */
    }
  return NULL;
}

gboolean
lesc_window_save_distributions (LescWindow *self, const LescMethod *method, const char *path,
                                GError **error)
{
  LescResult *r = self->data != NULL ? result_of (self, method) : NULL;
  if (r == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("%s has no recovered distributions on this data set yet."),
                   method->display_name);
      return FALSE;
    }
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  g_auto (GStrv) settings = lesc_run_settings (ds, method, lesc_result_get_params (r));
  LescTableMeta meta = { (const char *const *) ds->label_names, "labelDistribution",
                         (const char *const *) settings };
  return lesc_table_write (path, lesc_result_get_recovered (r), &meta, error);
}

typedef struct {
  LescWindow *self;
  GPtrArray *methods;   /* const LescMethod *, one per choice */
} DistributionsRequest;

static void
distributions_response_cb (GtkNativeDialog *dialog, int response, gpointer data)
{
  DistributionsRequest *req = data;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "method");
      guint k = choice != NULL ? (guint) g_ascii_strtoull (choice, NULL, 10) : 0;
      const LescMethod *m = g_ptr_array_index (req->methods, MIN (k, req->methods->len - 1));
      g_autoptr (GError) error = NULL;
      if (lesc_window_save_distributions (req->self, m, path, &error))
        {
          g_autofree char *base = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Saved %s"), base);
          lesc_window_toast (req->self, msg);
        }
      else
        lesc_window_toast (req->self, error->message);
    }
  g_ptr_array_unref (req->methods);
  g_free (req);
  g_object_unref (dialog);
}

/* The recovered distributions of one method (chosen in the dialog), in the format of the
 * file name's extension. */
static void
export_distributions_action (GtkWidget *widget, const char *action, GVariant *param)
{
  LescWindow *self = LESC_WINDOW (widget);
  DistributionsRequest *req = g_new0 (DistributionsRequest, 1);
  req->self = self;
  req->methods = g_ptr_array_new ();
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (self->data != NULL && result_of (self, methods[i]) != NULL)
      g_ptr_array_add (req->methods, (gpointer) methods[i]);
  if (req->methods->len == 0)
    {
      g_ptr_array_unref (req->methods);
      g_free (req);
      lesc_window_toast (self, _("Run a method first: there are no recovered distributions to save."));
      return;
    }
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _("Save Recovered Distributions"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
      _("_Save"), _("_Cancel"));
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  for (guint k = 0; k < req->methods->len; k++)
    {
      g_ptr_array_add (ids, g_strdup_printf ("%u", k));
      g_ptr_array_add (labels, (gpointer) ((const LescMethod *) g_ptr_array_index (req->methods, k))->display_name);
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "method", _("Method"),
                               (const char **) ids->pdata, (const char **) labels->pdata);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "method", "0");
  /* TRANSLATORS: the formats of the file chooser's filters; the extension decides */
  const char *const formats[][2] = {
    { N_("CSV (.csv)"), "*.csv" }, { N_("TSV (.tsv)"), "*.tsv" }, { N_("MATLAB (.mat)"), "*.mat" },
    { N_("NumPy (.npy)"), "*.npy" }, { N_("JSON (.json)"), "*.json" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, _(formats[k][0]));
      gtk_file_filter_add_pattern (filter, formats[k][1]);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
      g_object_unref (filter);
    }
  const LescMethod *first = g_ptr_array_index (req->methods, 0);
  g_autofree char *name = g_strdup_printf ("distributions-%s-%s.csv", first->name,
                                           lesc_data_object_get_name (self->data));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (distributions_response_cb), req);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
copy_figure_action (GtkWidget *widget, const char *action, GVariant *param)
{
  LescWindow *self = LESC_WINDOW (widget);
  /* Text being edited keeps its own Ctrl+C. */
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus)
                        || (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus)))))
    {
      gtk_widget_activate_action (focus, "clipboard.copy", NULL);
      return;
    }
  LescExportable *view = visible_exportable (self);
  g_autoptr (GdkTexture) texture = view != NULL ? lesc_export_figure_texture (view, 2.0) : NULL;
  if (texture == NULL)
    {
      lesc_window_toast (self, _("This view has no figure to copy yet."));
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  lesc_window_toast (self, _("Figure copied"));
}

static void
run_action (GtkWidget *widget, const char *action, GVariant *param)
{
  lesc_window_run (LESC_WINDOW (widget));
}

static void
cancel_action (GtkWidget *widget, const char *action, GVariant *param)
{
  lesc_window_cancel (LESC_WINDOW (widget));
}

static void
use_defaults_action (GtkWidget *widget, const char *action, GVariant *param)
{
  lesc_method_panel_reset (LESC_WINDOW (widget)->method_panel);
}

static void
toggle_sidebar_action (GtkWidget *widget, const char *action, GVariant *param)
{
  LescWindow *self = LESC_WINDOW (widget);
  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

void
_lesc_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_install_action (widget_class, "win.view", "s", view_action);
  gtk_widget_class_install_action (widget_class, "win.export-figure", "s", export_figure_action);
  gtk_widget_class_install_action (widget_class, "win.export-table", "s", export_table_action);
  gtk_widget_class_install_action (widget_class, "win.export-data", NULL, export_data_action);
  gtk_widget_class_install_action (widget_class, "win.copy-figure", NULL, copy_figure_action);
  gtk_widget_class_install_action (widget_class, "win.export-distributions", NULL,
                                   export_distributions_action);
  gtk_widget_class_install_action (widget_class, "win.use-defaults", NULL, use_defaults_action);

  /* Bubble-phase shortcuts: a focused entry or popover handles these keys first. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy-figure", NULL);
}
