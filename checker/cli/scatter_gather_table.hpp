// Tables of the flit model: Bhatt et al.'s scatters and gathers against baselines, bounds and searched optima, printed from lemmas/flit_tables.hpp.
#pragma once

namespace schedcheck::cli {

// Prints the table (JSON rows with `json`); `timeout` bounds each search in
// seconds. Returns 1 if a schedule or a witness failed the core's check, or
// a search found a schedule faster than FDF or NRF (Theorem 1 refuted).
int scatter_gather_table(bool json, double timeout);

// Table gather: the distributed gathers (shoulder tapping on paths,
// transmission certification on every tree) against the offline optimum
// (NRF), the lower bounds, Theorem 3's bound and, on paths, the searched
// optimum over schedules obeying inequality (5). Returns 1 if a schedule or
// witness failed the core's check, shoulder tapping missed that optimum
// (Theorem 2 refuted) or certification passed 2b + c + m (Theorem 3).
int gather_table(bool json, double timeout);

// Table multiport: scatters and gathers on meshes and tori over one tree
// (one-port, and all-port) against k edge-disjoint trees (Bhatt et al.,
// Section 4), every schedule checked. Returns 1 if one failed the check.
int multiport_table(bool json);

}  // namespace schedcheck::cli
