// Tables: `schedcheck table NAME`, results over many sizes printed from the rows lemmas/ builds, every number measured by the core.
#pragma once

#include <string>

namespace schedcheck::cli {

// Prints table `name`; returns the exit code: 2 for an unknown table, 1 if a
// generated schedule failed its check; meyer-sibeyn-2 exits 2 instead, since
// without every schedule verified it has no table to print.
// `timeout` bounds each search of the search tables (seconds).
int print_table(const std::string& name, bool json, double timeout);

}  // namespace schedcheck::cli
