// Check text: the core's verdict on a schedule held in memory, as a generator or a search wrote it.
#pragma once

#include <string>
#include <string_view>

#include "verdict.hpp"

namespace schedcheck::lemmas {

struct Checked {
  Verdict verdict;
  std::string errors;  // the first diagnostics, one per line, for a caller that reports a failure
};

// The core reads `text` exactly as it would read a user's file.
Checked check_text(std::string_view text);

}  // namespace schedcheck::lemmas
