/* A CD-diagram model from a statistics result: the one bridge between stats.c and the
 * painter, used by `lesc plot cd`, `lesc cd` and the explorer alike. */
#include "plot/cd.h"

LescCdModel *
lesc_cd_model_new_from_stats (const LescStatsResult *r, const char *measure, gboolean lower_is_better)
{
  LescCdModel *m = lesc_cd_model_new ((guint) r->k, (const char *const *) r->names, r->mean_ranks,
                                      (guint) r->n, measure, lower_is_better);
  m->alpha = r->options.alpha;
  switch (r->options.posthoc)
    {
    case LESC_POSTHOC_NEMENYI:
      m->test = LESC_CD_TEST_NEMENYI;
      m->has_cd = TRUE;
      m->cd = r->nemenyi_cd;
      break;
    case LESC_POSTHOC_BONFERRONI_DUNN:
      m->test = LESC_CD_TEST_BONFERRONI_DUNN;
      m->has_cd = TRUE;
      m->cd = r->bd_cd;
      m->control = (guint) r->control;
      break;
    case LESC_POSTHOC_WILCOXON_HOLM:
    default:
      m->test = LESC_CD_TEST_WILCOXON_HOLM;
      break;
    }
  switch (r->options.omnibus)
    {
    case LESC_OMNIBUS_FRIEDMAN:
      lesc_cd_model_set_omnibus (m, "Friedman χ²_F", r->friedman.chi2, r->omnibus_p);
      break;
    case LESC_OMNIBUS_FRIEDMAN_TIES:
      lesc_cd_model_set_omnibus (m, "Friedman χ²_F (tie-corrected)", r->friedman.chi2_tc, r->omnibus_p);
      break;
    case LESC_OMNIBUS_IMAN_DAVENPORT:
    default:
      lesc_cd_model_set_omnibus (m, "Iman–Davenport F_F", r->friedman.ff, r->omnibus_p);
      break;
    }
  m->omnibus_not_significant = r->omnibus_not_significant;
  /* Not significant: the painter draws one dashed group, and these groups only grey when
   * the user asks for exploratory bars. */
  const GPtrArray *groups = r->posthoc_cliques;
  for (guint g = 0; groups != NULL && g < groups->len; g++)
    {
      const LescClique *c = g_ptr_array_index (groups, g);
      g_autofree guint *members = g_new (guint, MAX (c->n_members, 1));
      for (gsize t = 0; t < c->n_members; t++)
        members[t] = (guint) c->members[t];
      lesc_cd_model_add_clique (m, members, (guint) c->n_members);
    }
  return m;
}
