// Search jobs command: `table search-broadcast|search-gossip --emit-jobs DIR` and `--merge DIR`, options in and the table out.
#pragma once

#include "options.hpp"

namespace schedcheck::cli {

// True when `args` asks for the job engine's side of a table (--emit-jobs,
// --merge, --sizes or --accept-z3), which run_search_jobs handles.
bool wants_search_jobs(const Arguments& args);

// --emit-jobs: one shell command line per job on stdout, nothing else;
// --merge: the merged table, exit 0 all decided, 1 a witness rejected or an
// unsat contradicted (by a witness or by cadical), 2 a usage error or a
// result file in error, 3 an entry left open or an optimum on an unsat that
// cadical did not confirm (0 for it with --accept-z3).
int run_search_jobs(const Arguments& args);

}  // namespace schedcheck::cli
