// BodyBatch: a run of a step-synchronous schedule's body lines, parsed, in compact form.
//
// A batch keeps its transfers compact (a 24-byte record each, their moves,
// nodes and messages side by side), so that the core that checks them can
// fetch what the core that parsed them wrote (read_ahead.hpp) at a few
// cache lines per hundred bytes of text.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "diagnostic.hpp"
#include "reader.hpp"
#include "schedule.hpp"

namespace schedcheck {

// A run of a batch's body lines: transfers, then the step line or the end
// of the body that closed it (or the end of the batch: event `transfer`).
struct BodySegment {
  size_t transfers_end;  // the batch's transfers up to here, from the previous segment's end
  size_t errors_end;     // the same for the reader's errors on these lines
  Reader::Event event;
  uint32_t step_number;
  SourcePos step_pos;
};

class BodyBatch {
 public:
  // Inline: each check of a step reads every transfer this way.
  TransferView transfer(size_t i) const {
    const Record& before = records_[i];
    const Record& r = records_[i + 1];
    // A control flit's label makes a step-synchronous transfer an error, so none reaches a batch.
    return {r.pos,
            r.from,
            {moves_.data() + before.moves_end, r.moves_end - before.moves_end},
            {path_.data() + before.path_end, r.path_end - before.path_end},
            {messages_.data() + before.messages_end, r.messages_end - before.messages_end},
            false};
  }
  std::span<const BodySegment> segments() const { return segments_; }
  // The reader's errors, in line order; the checks move them on.
  std::span<Diagnostic> errors() { return errors_; }
  bool last() const { return last_; }  // it ends the body
  size_t items() const { return moves_.size() + path_.size() + messages_.size(); }
  // Lines of `reader` (its header read, its errors held by `reader_diagnostics`)
  // until the batch is full or the body ends.
  void fill(Reader& reader, Diagnostics& reader_diagnostics);
  // A batch ends after max_lines transfers and step lines, or once their
  // moves, nodes and messages reach max_items (a line naming thousands of
  // messages fills a batch alone): it stays a few hundred KiB. Past `huge`
  // items it holds a line too large to keep several of.
  static constexpr size_t max_lines = 4096, max_items = size_t{1} << 16, huge = 2 * max_items;

 private:
  struct Record {
    SourcePos pos;
    NodeId from;
    uint32_t moves_end, path_end, messages_end;
  };
  size_t size() const { return records_.size() - 1; }
  void clear();
  std::vector<Record> records_{Record{}};  // transfer i is records_[i + 1]; records_[i] holds where it starts
  std::vector<Move> moves_;
  std::vector<PathNode> path_;
  std::vector<MessageRef> messages_;
  std::vector<Diagnostic> errors_;
  std::vector<BodySegment> segments_;
  bool last_ = false;
};

}  // namespace schedcheck
