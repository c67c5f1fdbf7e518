#include "core/methods/frametag.h"

void
lesc_frame_log_panel (GString *line, const LescMethod *m, const LescRunParams *p, const char *state)
{
  g_string_append_printf (line, " %s:%s", m->name, state);
  for (guint i = 0; i < m->n_params; i++)
    g_string_append_printf (line, ":%s=%.6g", m->params[i].name, p->values[i]);
}
