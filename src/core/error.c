#include "core/error.h"

G_DEFINE_QUARK (lesc-error-quark, lesc_error)
