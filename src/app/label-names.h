/* Names given to a data set's labels in the explorer: a dialog to type them, kept in the
 * settings by the data set's checksum, so that they come back with the data set. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"

G_BEGIN_DECLS

/* Give `data` the names stored for its checksum, if any. */
void lesc_label_names_restore (LescDataObject *data, GSettings *settings);
/* Name the labels of `data`: `names` (o strings) or NULL for the file's own; stored. */
void lesc_label_names_store (LescDataObject *data, GSettings *settings, const char *const *names);
/* A dialog with one entry per label. */
void lesc_label_names_dialog (GtkWindow *parent, LescDataObject *data, GSettings *settings);

G_END_DECLS
