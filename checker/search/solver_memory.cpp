// Solver memory: Z3's global memory_max_size, and its exception.
#include "solver_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <string_view>

#include <z3++.h>

namespace schedcheck::search {

uint64_t default_solver_memory_mib() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  uint64_t bytes = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size);
  // A process limit below the machine's memory (ulimit -v, a batch system's
  // share) is where allocations fail first: Z3 is held below that instead.
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      bytes = std::min<uint64_t>(bytes, limit.rlim_cur);
  }
  return bytes / 4 * 3 >> 20;
}

namespace {
uint64_t limit_bytes = 0;  // none until limit_solver_memory
}  // namespace

void limit_solver_memory(uint64_t mib) {
  z3::set_param("memory_max_size", static_cast<int>(std::min<uint64_t>(mib, INT_MAX)));
  limit_bytes = std::min<uint64_t>(mib, INT_MAX) << 20;
}

void keep_solver_memory() {
  if (limit_bytes > 0 && Z3_get_estimated_alloc_size() > limit_bytes / 10 * 9) throw z3::exception("out of memory");
}

bool solver_out_of_memory(const std::exception& e) {
  return dynamic_cast<const z3::exception*>(&e) != nullptr && std::string_view(e.what()) == "out of memory";
}

}  // namespace schedcheck::search
