/* The texts of the method registry and the solvers' stage names, for the translators.
 * The core is English and free of gettext; the explorer shows these strings through _(),
 * so they need entries in the catalogue. tests/app/test-locale.c checks that every
 * description and parameter label of the registry has one: update this list when the
 * registry changes (descriptions, parameter texts and the baselines' published notes). */
#include "config.h"

#include <glib/gi18n.h>

const char *const lesc_registry_strings[] = {
  /* FCM */
  N_("fuzzy c-means memberships composed with the cluster label prototypes"),
  N_("Clusters t"),
  N_("number of fuzzy clusters (PyLDL's default; the paper gives none)"),
  N_("β (fuzzifier)"),
  N_("fuzzifier of the memberships, > 1"),
  N_("No public definition reproduces its published rows: Chebyshev published vs "
     "this definition SJAFFE 0.132 vs 0.120, Yeast-alpha 0.044 vs 0.014, "
     "Yeast-cold 0.141 vs 0.054; with β = 2 its memberships collapse to uniform on "
     "SJAFFE and the Yeast sets"),
  /* KM */
  N_("membership from the kernel distance to each label's class centre"),
  N_("η"),
  N_("added to the squared radius before dividing"),
  N_("The flavour published comes within 0.0064 (Chebyshev) and 0.009 (the other "
     "measures) of its published rows on SJAFFE, Yeast-alpha and Yeast-cold"),
  /* LP */
  N_("label propagation over a Gaussian affinity graph, in closed form"),
  N_("α"),
  N_("share of the propagated labels at each step (0 ≤ α < 1)"),
  N_("The flavour published reproduces its published rows on SJAFFE, Yeast-alpha "
     "and Yeast-cold to 0.0005 in every measure"),
  /* ML */
  N_("label manifold: LLE weights and one bound-constrained QP per label"),
  N_("Neighbours K (0: c + 1)"),
  N_("LLE neighbours per sample; 0 = the flavour's rule (paper: labels + 1, pyldl: labels)"),
  N_("No public definition reproduces its published rows: Chebyshev published vs "
     "this definition SJAFFE 0.186 vs 0.182, Yeast-alpha 0.057 vs 0.275, "
     "Yeast-cold 0.242 vs 0.264; Canberra on SJAFFE 3.138 vs 2.237"),
  /* GLLE */
  N_("Graph Laplacian label enhancement (Xu et al. 2018): kNN-graph smoothness + kernel regression"),
  N_("λ (LE trade-off)"),
  N_("Weight of the graph smoothness term (the official demo: 0.01)"),
  N_("K (neighbours, self included)"),
  N_("Neighbours per sample in the kNN graph (official code: 20)"),
  N_("σ (graph width)"),
  N_("Width of the graph weights exp(−d²/2σ²) (official code: 10)"),
  /* LESC */
  N_("Label enhancement with sample correlations (AAAI 2020), reconstructed: LRR of the features + LE step"),
  N_("λ₁ (LE trade-off)"),
  N_("Weight of the sample-correlation smoothness term"),
  N_("λ₂ (low-rank coefficient)"),
  N_("Weight of the ℓ2,1 error term of the low-rank representation"),
  /* gLESC */
  N_("Generalized label enhancement with sample correlations (TKDE 2021): t-SVD tensor step + LE step"),
  N_("λ₁ (LE trade-off)"),
  N_("Weight of the sample-correlation smoothness term (demo: 10)"),
  N_("λ₂ = β (tensor error weight)"),
  N_("Weight of the ℓ2,1 error term of the tensor step (demo: 10)"),
  /* stages reported while running */
  N_("GLLE: kNN graph"),
  N_("LE step: kernel"),
  N_("LE step: kernel and quadratic form"),
  N_("LE step: tridiagonal form"),
  N_("LE step (BFGS)"),
  N_("LE step (L-BFGS)"),
  N_("LE step: done"),
  N_("optimizer"),
  N_("clustering"),
  N_("composition"),
  N_("degrees"),
  N_("kernel"),
  N_("label manifold"),
  N_("low-rank representation"),
  N_("neighbours"),
  N_("propagation"),
  N_("tensor step"),
  N_("λ strip"),
  N_("weights"),
  /* stages timed in a run's record */
  N_("z-score"),
  N_("graph"),
  N_("le"),
  N_("lrr"),
  N_("tensor"),
  N_("correlation (cached)"),
  N_("graph (cached)"),
  NULL
};
