// Table jrs-1: Juurlink, Rao and Sibeyn's Table 1 (gossip on circular arrays) from schedules the core checked.
#pragma once

namespace schedcheck::cli {

// Approach 1, approach 2 and the best circgos(n, a, b) for each n and r,
// every entry the cost of a generated schedule the core verified, with the
// paper's surviving values beside ours. Returns 1 if a schedule failed the
// check or circgos came out worse than the better approach.
int jrs_table_1(bool json);

}  // namespace schedcheck::cli
