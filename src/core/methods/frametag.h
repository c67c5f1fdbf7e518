/* A method's panel in a frame-log line (core/base/framelog.h): " NAME:STATE:p=v:…", the
 * registry name and every parameter's registry name with its value (%.6g), so that the
 * latency driver can tell which run a painted figure shows. */
#pragma once
#include "core/methods/method.h"

G_BEGIN_DECLS

/* STATE: "provisional", "final", "outdated". */
void lesc_frame_log_panel (GString *line, const LescMethod *m, const LescRunParams *p,
                           const char *state);

G_END_DECLS
