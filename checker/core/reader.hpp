// Reader: the schedule format's parser (specs/format.md), streaming one body line at a time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

  enum class Event { step, transfer, end, skipped };
  // The next body event. On `step`, step_number() and step_pos() describe it;
  // on `transfer`, `out` holds it. Lines with errors are reported and skipped.
  Event next(Transfer& out);

  // The same, a line at a time, for a caller that reads the lines itself
  // (ReadAhead): first the body line that ended the header, if any; then
  // each line; `skipped` for a blank line or one with errors (reported).
  Event first_body_line(Transfer& out);
  Event body_line(std::string_view text, uint32_t line_number, Transfer& out);
  // True when the fast path may read the lines from here on: a step line
  // has been seen and the header's model and collective are ones it reads.
  bool fast_path_applies() const;
  // The fast path alone on one line: true and the transfer (its moves and
  // messages appended), or false for any line it does not read (which
  // body_line then must). It only reads the header, so another thread may
  // call it while this one reads on.
  bool fast_transfer_line(std::string_view text, uint32_t line_number, SourcePos& pos, NodeId& from,
                          std::vector<Move>& moves, std::vector<MessageRef>& messages) const;
  void report_read_error(const std::string& error);
  uint32_t step_number() const { return step_; }
  SourcePos step_pos() const { return step_pos_; }
  uint32_t line_number() const { return source_.line_number(); }
  // The fast path for common lines is on by default; turning it off leaves the
  // reference grammar alone, which tests use to compare the two.
  void set_fast_path(bool on) { fast_path_ = on; }

 private:
  struct Cursor;
  bool header_line(Header& header, Cursor& c, std::string_view keyword);
  bool parse_topology(Header& header, Cursor& c);
  bool parse_model(Header& header, Cursor& c);
  bool parse_collective(Header& header, Cursor& c);
  bool parse_cost(Header& header, Cursor& c);
  bool parse_claim(Header& header, Cursor& c);
  bool check_header(Header& header);
  bool body_line(Cursor& c, Transfer& out, Event& event);
  bool transfer_line(Cursor& c, Transfer& out);
  bool fast_transfer_line(const Cursor& c, SourcePos& pos, NodeId& from, std::vector<Move>& moves,
                          std::vector<MessageRef>& messages) const;
  // A node name: index or (x1,...,xk). Reports well-formed errors itself.
  bool node(Cursor& c, NodeId& out, Property property);
  bool message(Cursor& c, MessageId& out);
  bool label(Cursor& c, std::string& out, std::string_view after_what);

  LineSource& source_;
  Diagnostics& diag_;
  const Header* header_ = nullptr;
  // Facts of the header's topology that every body line needs.
  uint32_t nodes_ = 0;
  uint32_t dims_ = 0;  // 0 unless a grid
  std::vector<uint32_t> coords_;  // scratch for coordinate node names
  std::string_view pending_;  // the first body line, read while parsing the header
  bool has_pending_ = false;
  uint32_t step_ = 0;
  SourcePos step_pos_;
  bool saw_step_ = false;
  bool topology_seen_ = false;
  bool fast_path_ = true;
};

}  // namespace schedcheck
