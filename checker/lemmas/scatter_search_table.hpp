// Scatter search table: the rows of `table search-scatter`, store-and-forward scatter and gather optima on tori.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "torus_tables.hpp"

namespace schedcheck::lemmas {

// One torus under one port model: the core's bound, and the scatter's and
// the gather's search from the node 0 (a torus looks the same from every node).
struct SearchScatterRow {
  std::string torus;
  uint64_t nodes = 0;
  const char* ports = "";  // "all-port" or "one-port"
  uint32_t lower_bound = 0;
  std::string bound_name;  // the core's best bound
  Searched scatter, gather;
  bool failed = false;  // a witness was rejected
};

// Every 2-D torus n1 x n2 (2 <= n1 <= n2 <= max_2d) and 3-D torus n1 x n2 x n3
// (2 <= n1 <= n2 <= n3 <= max_3d), all-port and one-port, each search with
// `timeout` seconds; every witness re-checked by the core.
void search_scatter_rows(uint32_t max_2d, uint32_t max_3d, double timeout,
                         const std::function<void(const SearchScatterRow&)>& row);

}  // namespace schedcheck::lemmas
