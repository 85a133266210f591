// BodyBatch: filling a batch from the reader, a step line or a full batch closing each run of transfers.
#include "body_batch.hpp"

#include <iterator>

namespace schedcheck {

void BodyBatch::clear() {
  records_.resize(1);
  // A batch that held one huge line gives its memory back: the ring is not
  // to keep several such.
  if (moves_.capacity() + path_.capacity() + messages_.capacity() > 2 * huge)
    moves_ = {}, path_ = {}, messages_ = {};
  moves_.clear();
  path_.clear();
  messages_.clear();
  errors_.clear();
  segments_.clear();
  last_ = false;
}

void BodyBatch::add(const Transfer& t) {
  // One at a time: a range insert calls memmove for the one move of most lines.
  for (const Move& m : t.moves) moves_.push_back(m);
  for (const PathNode& p : t.path) path_.push_back(p);
  for (const MessageRef& m : t.messages) messages_.push_back(m);
  records_.push_back({t.pos, t.from, static_cast<uint32_t>(moves_.size()), static_cast<uint32_t>(path_.size()),
                      static_cast<uint32_t>(messages_.size())});
}

void BodyBatch::fill(Reader& reader, Diagnostics& reader_diagnostics, Transfer& scratch) {
  clear();
  for (;;) {
    const Reader::Event event = reader.next(scratch);
    if (event == Reader::Event::transfer) {
      add(scratch);
      if (size() + segments_.size() < max_lines && items() < max_items) continue;
    }
    std::vector<Diagnostic> errors = reader_diagnostics.take_held();
    errors_.insert(errors_.end(), std::make_move_iterator(errors.begin()), std::make_move_iterator(errors.end()));
    segments_.push_back({size(), errors_.size(), event, reader.step_number(), reader.step_pos()});
    last_ = event == Reader::Event::end;
    if (event != Reader::Event::step || size() + segments_.size() >= max_lines) return;
  }
}

}  // namespace schedcheck
