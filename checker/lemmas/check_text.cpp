// Check text: one in-memory LineSource through check_schedule.
#include "check_text.hpp"

#include "checker.hpp"
#include "line_source.hpp"

namespace schedcheck::lemmas {

Checked check_text(std::string_view text) {
  LineSource source{text};
  Diagnostics diagnostics("text", 5);
  Header header;
  Checked c{check_schedule(source, header, diagnostics), {}};
  for (const auto& d : diagnostics.kept()) c.errors += diagnostics.format(d) + "\n";
  return c;
}

}  // namespace schedcheck::lemmas
