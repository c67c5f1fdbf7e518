/* Giving the terminal back on every way out, crashes included: the terminal's modes are
 * saved before curses changes them, and the escape sequences that undo what curses turned
 * on (alternate screen, keypad mode, hidden cursor, mouse reports, attributes) are made in
 * advance, so that a handler for SIGSEGV, SIGABRT, SIGBUS, SIGFPE or SIGILL can write them
 * with write() alone, restore the modes and re-raise the signal. */
#pragma once

/* Before curses starts: keep the terminal's modes. */
void lesc_terminal_restore_save (void);
/* After curses started (its terminfo is loaded): make the sequences, install the handlers. */
void lesc_terminal_restore_arm (void);
/* After curses ended normally: the handlers go, the saved modes are set again. */
void lesc_terminal_restore_disarm (void);
/* Curses did not start: forget the saved modes. */
void lesc_terminal_restore_forget (void);
