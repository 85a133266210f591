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

void BodyBatch::fill(Reader& reader, Diagnostics& reader_diagnostics) {
  clear();
  AppendedTransfer line(moves_, path_, messages_);
  for (;;) {
    const Reader::Event event = reader.next(line);
    if (event == Reader::Event::transfer) {
      line.keep();
      records_.push_back({line.pos, line.from, static_cast<uint32_t>(line.moves.start),
                          static_cast<uint32_t>(line.path.start), static_cast<uint32_t>(line.messages.start)});
      if (records_.size() + segments_.size() <= max_lines && items() < max_items) continue;
    } else {
      line.clear();  // what a last line with an error left
    }
    std::vector<Diagnostic> errors = reader_diagnostics.take_held();
    errors_.insert(errors_.end(), std::make_move_iterator(errors.begin()), std::make_move_iterator(errors.end()));
    segments_.push_back({size(), errors_.size(), event, reader.step_number(), reader.step_pos()});
    last_ = event == Reader::Event::end;
    if (event != Reader::Event::step || size() + segments_.size() >= max_lines) return;
  }
}

}  // namespace schedcheck
