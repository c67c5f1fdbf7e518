/* The session's data set: opening it, the data reference its runs share, the recent list. */
#include "config.h"
#include "session/session-private.h"
#include "session/dataspec.h"

static void
data_clear (gpointer p)
{
  LescSessionData *r = p;
  if (r->owner_free != NULL)
    r->owner_free (r->owner);
  else
    lesc_dataset_free (r->ds);
}

static LescSessionData *
data_new (LescDataset *ds, gpointer owner, GDestroyNotify owner_free)
{
  LescSessionData *r = g_atomic_rc_box_new0 (LescSessionData);
  r->ds = ds;
  r->owner = owner;
  r->owner_free = owner_free;
  return r;
}

void
lesc_session_data_release (LescSessionData *r)
{
  if (r != NULL)
    g_atomic_rc_box_release_full (r, data_clear);
}

static void
set_open (LescSession *s, const LescOpenOptions *open)
{
  char *dir = g_strdup (open->data_dir != NULL ? open->data_dir : s->data_dir);
  s->open = *open;
  g_free (s->data_dir);
  s->data_dir = dir;
  s->open.data_dir = s->data_dir;
}

/* `data` replaces the open data set: all work stops, nothing of the old set is shown. */
static void
replace_data (LescSession *s, LescSessionData *data, const char *spec, const LescOpenOptions *o)
{
  lesc_session_stop_work (s);
  g_clear_pointer (&s->table, lesc_recovery_table_free);
  s->table_requested = FALSE;
  lesc_session_data_release (s->data);
  s->data = data;
  g_free (s->spec);
  s->spec = g_strdup (spec);
  set_open (s, o);
  g_autofree char *text = lesc_session_data_text (s);
  lesc_session_add_recent (s, text);
  lesc_session_schedule_auto_run (s);
  lesc_session_notify (s);
}

gboolean
lesc_session_open_with (LescSession *s, const char *spec, const LescOpenOptions *open, GError **error)
{
  LescOpenOptions o = *open;
  if (o.data_dir == NULL)
    o.data_dir = s->data_dir;
  LescDataset *ds = lesc_dataset_open_with (spec, &o, NULL, error);
  if (ds == NULL)
    return FALSE;
  replace_data (s, data_new (ds, NULL, NULL), spec, &o);
  return TRUE;
}

void
lesc_session_set_dataset (LescSession *s, const LescDataset *ds, gpointer owner, GDestroyNotify owner_free,
                          const char *spec, const LescOpenOptions *open)
{
  LescOpenOptions o = *open;
  if (o.data_dir == NULL)
    o.data_dir = s->data_dir;
  replace_data (s, data_new ((LescDataset *) ds, owner, owner_free), spec, &o);
}

gpointer
lesc_session_data_owner (LescSession *s)
{
  return s->data != NULL ? s->data->owner : NULL;
}

gboolean
lesc_session_open (LescSession *s, const char *spec, GError **error)
{
  LescOpenOptions o = s->open;
  return lesc_session_open_with (s, spec, &o, error);
}

gboolean
lesc_session_open_typed (LescSession *s, const char *text, GError **error)
{
  LescOpenOptions o = { .data_dir = s->data_dir };
  g_autofree char *spec = NULL;
  if (!lesc_data_spec_parse (text, &spec, &o, error))
    return FALSE;
  return lesc_session_open_with (s, spec, &o, error);
}

char *
lesc_session_data_text (LescSession *s)
{
  return s->spec != NULL ? lesc_data_spec_format (s->spec, &s->open) : g_strdup ("");
}

const LescOpenOptions *
lesc_session_open_options (LescSession *s)
{
  return &s->open;
}

const char *const *
lesc_session_recent (LescSession *s)
{
  if (s->recent->len == 0 || g_ptr_array_index (s->recent, s->recent->len - 1) != NULL)
    g_ptr_array_add (s->recent, NULL);   /* NULL-terminated for the caller */
  return (const char *const *) s->recent->pdata;
}

void
lesc_session_add_recent (LescSession *s, const char *text)
{
  if (s->recent->len > 0 && g_ptr_array_index (s->recent, s->recent->len - 1) == NULL)
    g_ptr_array_remove_index (s->recent, s->recent->len - 1);
  lesc_data_spec_list_push (s->recent, text, LESC_SESSION_MAX_RECENT);
}

const char *
lesc_session_checksum (LescSession *s)
{
  return s->data != NULL && s->data->ds->checksum != NULL ? s->data->ds->checksum : "";
}
