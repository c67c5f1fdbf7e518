/* The crash-safe restoration of the terminal. Only async-signal-safe calls in the handler. */
#include "tui/restore.h"

#include <glib.h>
#include <curses.h>
#include <signal.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

static char bytes[512];
static volatile sig_atomic_t n_bytes;
static struct termios saved;
static volatile sig_atomic_t have_saved;
static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL };
static struct sigaction previous[G_N_ELEMENTS (crash_signals)];
static gboolean armed;

static char *end;   /* where tputs appends */

static int
append_byte (int c)
{
  if (end < bytes + sizeof bytes - 1)
    *end++ = (char) c;
  return c;
}

static void
append_cap (const char *name)
{
  const char *cap = tigetstr (name);
  if (cap != NULL && cap != (char *) -1)
    tputs (cap, 1, append_byte);   /* expands the padding of the terminfo entry */
}

static void
append_text (const char *s)
{
  for (; *s; s++)
    append_byte (*s);
}

static void
handler (int sig)
{
  if (n_bytes > 0)
    {
      ssize_t ignored = write (STDOUT_FILENO, bytes, (size_t) n_bytes);
      (void) ignored;
    }
  if (have_saved)
    tcsetattr (STDIN_FILENO, TCSADRAIN, &saved);
  signal (sig, SIG_DFL);
  raise (sig);
}

void
lesc_terminal_restore_save (void)
{
  have_saved = tcgetattr (STDIN_FILENO, &saved) == 0;
}

void
lesc_terminal_restore_forget (void)
{
  have_saved = FALSE;
}

void
lesc_terminal_restore_arm (void)
{
  end = bytes;
  /* Mouse reports off (the xterm protocols curses may use), attributes off, the cursor
   * back, keypad transmit off, then the normal screen. */
  append_text ("\033[?1000l\033[?1002l\033[?1003l\033[?1006l");
  append_cap ("sgr0");
  append_cap ("cnorm");
  append_cap ("rmkx");
  append_cap ("rmcup");
  n_bytes = (sig_atomic_t) (end - bytes);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset (&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  for (guint i = 0; i < G_N_ELEMENTS (crash_signals); i++)
    sigaction (crash_signals[i], &sa, &previous[i]);
  armed = TRUE;
}

void
lesc_terminal_restore_disarm (void)
{
  n_bytes = 0;
  if (armed)
    for (guint i = 0; i < G_N_ELEMENTS (crash_signals); i++)
      sigaction (crash_signals[i], &previous[i], NULL);
  armed = FALSE;
  if (have_saved)
    tcsetattr (STDIN_FILENO, TCSADRAIN, &saved);
  have_saved = FALSE;
}
