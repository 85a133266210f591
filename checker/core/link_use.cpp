// LinkUse: channel stamps per step; a second use names the first one's line.
#include "link_use.hpp"

#include <fmt/format.h>

namespace schedcheck {

void LinkUse::use(const std::vector<Hop>& hops, uint32_t step_serial, uint32_t step_number, uint32_t line,
                  Diagnostics& diagnostics) {
  if (!reported_.empty()) reported_.clear();
  for (const Hop& hop : hops) {
    Use& use = use_[hop.channel];
    if (use.stamp == step_serial) {
      if (!reported_.insert(hop.channel).second) continue;
      const bool same_line = use.line == line;
      diagnostics.error({line, hop.col}, Property::link_disjoint,
                        fmt::format("channel {} used twice in step {} ({})", channel_name(topology_, hop.channel),
                                    step_number,
                                    same_line ? std::string("the path itself uses it twice")
                                              : fmt::format("first at line {}", use.line)));
      continue;
    }
    use = {step_serial, line};
  }
}

}  // namespace schedcheck
