// LinkUse: channel stamps per step; a second use names the first one's line.
#include "link_use.hpp"

#include <fmt/format.h>

namespace schedcheck {

void LinkUse::reuse(const Hop& hop, uint32_t first_line, uint64_t step_number, uint32_t line,
                    Diagnostics& diagnostics) {
  if (reported_line_ != line) reported_.clear(), reported_line_ = line;
  if (!reported_.insert(hop.channel).second) return;
  diagnostics.error({line, hop.col}, Property::link_disjoint,
                    fmt::format("channel {} used twice in step {} ({})", channel_name(topology_, hop.channel),
                                step_number,
                                first_line == line ? std::string("the path itself uses it twice")
                                                   : fmt::format("first at line {}", first_line)));
}

}  // namespace schedcheck
