// ReadAhead: blocks of fast-parsed transfers, filled on a second thread and handed over through two queues.
#include "read_ahead.hpp"

#include <exception>

namespace schedcheck {

ReadAhead::ReadAhead(LineSource& source, const Reader& reader, bool fast, Mode mode)
    : source_(source), reader_(reader), fast_(fast), blocks_(mode == Mode::thread ? blocks : 1) {
  if (mode == Mode::inline_reading) return;
  for (size_t b = 0; b < blocks_.size(); ++b) free_.push_back(b);
  thread_ = std::thread([this] { run(); });
}

ReadAhead::~ReadAhead() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void ReadAhead::fill(Block& block) {
  block.entries.clear();
  block.moves.clear();
  block.messages.clear();
  block.text.clear();
  block.end = false;
  try {
    std::string_view line;
    // The text's bound keeps its offsets in 32 bits however long the lines (at most 256 MiB each).
    while (block.count() < block_lines && block.text.size() < block_text) {
      if (!source_.next(line)) {
        block.end = true;
        error_ = source_.error();
        return;
      }
      SourcePos pos{source_.line_number(), 1};
      NodeId from = no_node;
      if (!fast_ || !reader_.fast_transfer_line(line, pos.line, pos, from, block.moves, block.messages)) {
        block.text += line;
        from = no_node;
      }
      block.entries.push_back({pos, from, static_cast<uint32_t>(block.moves.size()),
                               static_cast<uint32_t>(block.messages.size()), static_cast<uint32_t>(block.text.size())});
    }
  } catch (const std::exception& e) {  // no memory for a line or a block: end here, and say why
    block.end = true;
    error_ = e.what();
  }
}

void ReadAhead::run() {
  for (;;) {
    size_t b = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return stop_ || !free_.empty(); });
      if (stop_) return;
      b = free_.front();
      free_.pop_front();
    }
    fill(blocks_[b]);
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      full_.push_back(b);
    }
    changed_.notify_all();
    if (blocks_[b].end) return;
  }
}

const ReadAhead::Block& ReadAhead::next() {
  if (!thread_.joinable()) {
    fill(blocks_[0]);
    return blocks_[0];
  }
  std::unique_lock<std::mutex> lock(mutex_);
  if (held_ < blocks_.size()) {
    free_.push_back(held_);
    changed_.notify_all();
  }
  changed_.wait(lock, [this] { return !full_.empty(); });
  held_ = full_.front();
  full_.pop_front();
  return blocks_[held_];
}

}  // namespace schedcheck
