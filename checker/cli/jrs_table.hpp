// Tables jrs-1 to jrs-3: Juurlink, Rao and Sibeyn's Tables 1 (circular arrays), 2 (n x n tori) and 3 (n x n x n tori), printed from lemmas/jrs_tables.hpp.
#pragma once

namespace schedcheck::cli {

// Approach 1, approach 2 and the best circgos(n, a, b) for each n and r,
// every entry the cost of a generated schedule the core verified, with the
// paper's surviving values beside ours. Returns 1 if a schedule failed the
// check or circgos came out worse than the better approach.
int jrs_table_1(bool json);

// Approaches 11, 21 and 22 (highdimgos' with approach i, then j) and
// highdimgos' with the best circgos per phase, and the best torgos, on n x n
// tori, every entry checked, beside Table 2's surviving values. Returns 1 if
// a schedule failed or torgos came out slower than approach 11, 21 or 22.
int jrs_table_2(bool json);

// highdimgos' with approaches 1 and 2 and the best circgos per phase, and the
// best cubgos', on n x n x n tori, every entry checked.
int jrs_table_3(bool json);

}  // namespace schedcheck::cli
