/* A lesson: a key file of steps, each with a title, a few sentences and the explorer state it
 * sets (docs/teaching.md, "Writing a lesson"). Loading checks every step — data sets, methods
 * from the registry, parameters through their LescParamSpec and the number rule, views from
 * session/views.h — and a bad step is one error line naming the file and the step
 * ("lesson.ini: step 3: unknown method 'foo' (…)"). */
#pragma once
#include "core/methods/method.h"

G_BEGIN_DECLS

/* at least the registry's methods */
#define LESC_LESSON_MAX_METHODS 8

/* A parameter value a step sets. */
typedef struct {
  const LescMethod *method;
  guint param;            /* index into method->params */
  double value;
} LescLessonValue;

/* What one step (or the [Lesson] group, the state before step 1) says; what it leaves out
 * stays as the step before left it. */
typedef struct {
  char *title;            /* translated (Title[LANG]) */
  char *text;
  char *data;             /* the data set as lesc reads it ("artificial", "/abs/w.csv
                           * --logical-columns 3": paths made absolute), or NULL */
  gboolean has_methods;
  guint n_methods;        /* the ticked methods (the others are unticked) */
  const LescMethod *methods[LESC_LESSON_MAX_METHODS];
  GArray *values;         /* LescLessonValue */
  int view;               /* index into lesc_views (), or −1 */
  gboolean has_variant;
  LescVariant variant;
  char *highlight;        /* the control to point at in this step only, or NULL */
} LescLessonStep;

typedef struct {
  char *path;
  char *title;
  char *description;      /* or NULL */
  LescLessonStep start;   /* the [Lesson] group's state keys */
  GPtrArray *steps;       /* LescLessonStep*, step 1 first */
} LescLesson;

/* The whole state in effect at a step: the lesson's start and every step up to it, on top
 * of the registry's defaults (so that a step looks the same whichever way it is reached). */
typedef struct {
  const char *data;                       /* NULL: the lesson never names one */
  guint n_methods;                        /* the registry's, in its order */
  gboolean ticked[LESC_LESSON_MAX_METHODS];
  double values[LESC_LESSON_MAX_METHODS][LESC_MAX_PARAMS];
  LescVariant variant;
  int view;                               /* −1: the lesson never names one */
  const char *highlight;                  /* this step's own, or NULL */
} LescLessonState;

/* Read and check `path`; NULL and one line naming the file (and the step) when anything
 * is wrong. Data paths are relative to the lesson's folder. */
LescLesson *lesc_lesson_load (const char *path, GError **error);
/* The same from text; `path` names it in messages and gives the folder for data paths. */
LescLesson *lesc_lesson_load_data (const char *text, gsize length, const char *path,
                                   GError **error);
void lesc_lesson_free (LescLesson *l);
/* The file of `name`: itself when it is a file, else a shipped lesson NAME(.lesson) in the
 * installed lessons folder (uninstalled: the build folder's); NULL with an error naming the
 * lessons there are. */
char *lesc_lesson_find (const char *name, GError **error);
/* The shipped lessons' files, sorted (g_strfreev). */
char **lesc_lesson_shipped (void);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLesson, lesc_lesson_free)

guint lesc_lesson_n_steps (const LescLesson *l);
const LescLessonStep *lesc_lesson_step (const LescLesson *l, guint i);   /* 0-based */
void lesc_lesson_state_at (const LescLesson *l, guint i, LescLessonState *out);

/* TRUE when `name` is a control a step may highlight: a view name, "data", "run", "variant",
 * a method ("glle") or one of its parameters ("glle:lambda1"). */
gboolean lesc_lesson_control_valid (const char *name);
/* The control in words for the step's box ("GLLE · λ (LE trade-off)", "the Comparison view",
 * "the data set"; translated), or NULL when it is none. */
char *lesc_lesson_control_describe (const char *name);

G_END_DECLS
