// ReadAhead: the body's lines read and parsed on a second thread while the checks run on the first.
//
// Reading and parsing are about a third of a check's time on machine-written
// schedules (tens of millions of short lines), and the checks themselves do
// not split (each step starts from the state the last one left). So a
// second thread reads the lines and parses those of the common shape with
// the reader's fast path, which reports nothing and reads nothing but the
// header. It hands them over in blocks. Any other line (a step line, a
// comment, an error) goes into the block as raw text, which the first
// thread gives to the Reader: every diagnostic is made on the first thread,
// in the order of the lines, as without the second thread.
//
// Without a thread (Mode::inline_reading) next() fills each block itself:
// the same blocks, for comparing the two ways and for callers that want one
// thread.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "line_source.hpp"
#include "reader.hpp"
#include "schedule.hpp"

namespace schedcheck {

class ReadAhead {
 public:
  // Consecutive lines: each a transfer the fast path read or a raw line
  // for the Reader (any other line, blank ones too). They are flat,
  // in arrays written and read in order: Transfer objects, each with its
  // own small vectors, would move between the two threads' caches a cache
  // line at a time.
  struct Block {
    struct Entry {
      SourcePos pos;  // of the transfer; the line's number alone for a raw line
      NodeId from;    // no_node for a raw line
      uint32_t moves_end, messages_end, text_end;  // in moves, messages and text
    };
    std::vector<Entry> entries;
    std::vector<Move> moves;
    std::vector<MessageRef> messages;
    std::string text;  // the raw lines
    bool end = false;  // the text ends after this block (or reading it failed: see error())

    size_t count() const { return entries.size(); }
    bool raw(size_t i) const { return entries[i].from == no_node; }
    TransferView view(size_t i) const {
      const Entry& e = entries[i];
      return {e.pos, e.from, std::span<const Move>(moves).subspan(moves_begin(i), e.moves_end - moves_begin(i)), {},
              std::span<const MessageRef>(messages).subspan(messages_begin(i), e.messages_end - messages_begin(i))};
    }
    std::string_view raw_line(size_t i) const {
      return std::string_view(text).substr(text_begin(i), entries[i].text_end - text_begin(i));
    }
    // Where the i-th entry's moves, messages and text start.
    uint32_t moves_begin(size_t i) const { return i == 0 ? 0 : entries[i - 1].moves_end; }
    uint32_t messages_begin(size_t i) const { return i == 0 ? 0 : entries[i - 1].messages_end; }
    uint32_t text_begin(size_t i) const { return i == 0 ? 0 : entries[i - 1].text_end; }
  };
  enum class Mode { thread, inline_reading };

  // Reads `source` from its current line on; `reader` must have read the
  // header (and handed on the first body line) and outlive this. Without
  // `fast` every line is handed over raw.
  ReadAhead(LineSource& source, const Reader& reader, bool fast, Mode mode);
  ~ReadAhead();  // stops the thread, if any, wherever it is
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The next block, valid until the next call. Call no more after one with `end`.
  const Block& next();
  // After a block with `end`: why reading stopped early, or empty.
  const std::string& error() const { return error_; }

 private:
  // A hand-over wakes the other thread, which a busy (virtual) machine may
  // take a scheduling slice to do: blocks of 1024 lines made a 64x64 gossip
  // (17 million lines) take 5 to 10 s to check instead of 2.3 s.
  static constexpr size_t block_lines = 8192;
  static constexpr size_t block_text = size_t{64} << 20;
  static constexpr size_t blocks = 4;

  void fill(Block& block);
  void run();

  LineSource& source_;
  const Reader& reader_;
  const bool fast_;
  std::vector<Block> blocks_;
  std::string error_;
  size_t held_ = blocks;  // the block the caller holds, if any

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<size_t> full_, free_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace schedcheck
