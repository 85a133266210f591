// Reader: the schedule format's parser (specs/format.md), streaming one body line at a time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "diagnostic.hpp"
#include "line_source.hpp"
#include "schedule.hpp"

namespace schedcheck {

class Reader {
 public:
  Reader(LineSource& source, Diagnostics& diagnostics) : source_(source), diag_(diagnostics) {}

  // Parses the version line and the header up to the first body line. False
  // when the header is unusable (its errors are in the diagnostics).
  bool read_header(Header& header);

  enum class Event { step, transfer, end };
  // The next body event. On `step`, step_number() and step_pos() describe it;
  // on `transfer`, `out` holds it. Lines with errors are reported and skipped.
  Event next(Transfer& out);
  uint64_t step_number() const { return step_; }  // as written
  SourcePos step_pos() const { return step_pos_; }

 private:
  struct Cursor;
  // The next word and where it starts.
  static std::pair<std::string_view, SourcePos> word_at(Cursor& c);
  // Reports a syntax error, or one of `property`; false, for a parser to return.
  bool fail(SourcePos pos, std::string message);
  bool fail(SourcePos pos, Property property, std::string message);
  // The same, for the slow paths that return where they stopped: nullptr.
  template <typename... Args>
  const char* stopped(Args&&... args) {
    fail(std::forward<Args>(args)...);
    return nullptr;
  }
  // The line of header_keywords[which], after its keyword.
  bool header_line(Header& header, Cursor& c, size_t which);
  bool parse_topology(Header& header, Cursor& c);
  bool parse_model(Header& header, Cursor& c);
  bool parse_collective(Header& header, Cursor& c);
  bool parse_cost(Header& header, Cursor& c);
  bool parse_claim(Header& header, Cursor& c);
  bool check_header(Header& header);
  // Starts the next line at `c`; false at the end of the text.
  bool next_line(Cursor& c);
  // Moves past the line `c` is on.
  void end_line(const Cursor& c);
  // Why the text ended early, or empty.
  std::string read_error() const;
  void report_read_error();
  bool body_line(Cursor& c, Transfer& out, Event& event);
  // A line that does not start a transfer: 'step N', or an error.
  bool step_line(Cursor c, Event& event);
  bool transfer_line(Cursor& c, Transfer& out);
  // A node name: index or (x1,...,xk). Reports well-formed errors itself.
  bool node(Cursor& c, NodeId& out, Property property);
  // The rest of node(): coordinates, and the errors. These slow paths take
  // the cursor by value and return where they stopped (nullptr after an
  // error), so that the caller's cursor stays in registers.
  const char* node_name(Cursor c, NodeId& out, Property property);
  bool message(Cursor& c, MessageId& out);
  const char* label(Cursor c, std::string& out, std::string_view after_what);

  LineSource& source_;
  Diagnostics& diag_;
  const Header* header_ = nullptr;
  // Facts of the header's topology that every body line needs.
  uint32_t nodes_ = 0;
  uint32_t dims_ = 0;  // 0 unless a grid
  uint32_t sizes_[16] = {}, strides_[16] = {};  // a grid's, for coordinate names
  bool steps_ = true;  // the model is step-synchronous (not flit)
  const char* at_ = nullptr;   // the next line's first byte, in the source's block
  const char* end_ = nullptr;  // the end of that block
  uint32_t line_ = 0;          // the number of the line last started
  bool source_done_ = false;   // the source has no more lines
  bool too_many_lines_ = false;
  bool ended_ = false;         // and its read error, if any, is reported
  uint64_t step_ = 0;
  SourcePos step_pos_;
  bool saw_step_ = false;
  bool topology_seen_ = false;
};

}  // namespace schedcheck
