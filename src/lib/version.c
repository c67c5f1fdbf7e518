#include "lib/arrays.h"

const char *
lesc_get_version (void)
{
  return LESC_VERSION_STRING;
}
