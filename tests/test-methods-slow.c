/* The Yeast-alpha checks of test-methods.c (about 10–30 s each): suite 'slow'. */
#define LESC_METHODS_SLOW 1
#include "test-methods.c"
