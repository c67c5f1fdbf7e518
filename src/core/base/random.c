#include "core/base/random.h"

void
lesc_random_init (LescRandom *r, guint32 seed)
{
  r->mt[0] = seed;
  for (int i = 1; i < 624; i++)
    r->mt[i] = 1812433253u * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (guint32) i;
  r->index = 624;
}

guint32
lesc_random_u32 (LescRandom *r)
{
  if (r->index >= 624)
    {
      for (int i = 0; i < 624; i++)
        {
          guint32 y = (r->mt[i] & 0x80000000u) | (r->mt[(i + 1) % 624] & 0x7fffffffu);
          r->mt[i] = r->mt[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
      r->index = 0;
    }
  guint32 y = r->mt[r->index++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

double
lesc_random_double (LescRandom *r)
{
  guint32 a = lesc_random_u32 (r) >> 5, b = lesc_random_u32 (r) >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}
