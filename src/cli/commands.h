/* The commands of `lesc`, one per cmd-<name>.c. */
#pragma once

int lesc_cmd_info (int argc, char **argv);
int lesc_cmd_eval (int argc, char **argv);
int lesc_cmd_binarize (int argc, char **argv);
int lesc_cmd_plot (int argc, char **argv);
int lesc_cmd_recover (int argc, char **argv);
int lesc_cmd_predict (int argc, char **argv);
int lesc_cmd_bench (int argc, char **argv);
int lesc_cmd_table (int argc, char **argv);
int lesc_cmd_cv (int argc, char **argv);
int lesc_cmd_grid (int argc, char **argv);
int lesc_cmd_cd (int argc, char **argv);
int lesc_cmd_runs (int argc, char **argv);
int lesc_cmd_merge (int argc, char **argv);
int lesc_cmd_explore (int argc, char **argv);
