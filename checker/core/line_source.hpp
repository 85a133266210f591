// LineSource: the text of a file, a stream or a string, handed out in blocks of whole lines.
//
// The checker is one pass: this keeps at most one chunk (and one line) of the
// text in memory however long the file is. The reader walks a block in place:
// every line of it ends in '\n', so a loop that stops at the line's end needs
// no test of the position.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck {

class LineSource {
 public:
  // A pipe is asked to hold a whole chunk (a hint the kernel may refuse):
  // its writer and this reader then take turns per chunk, not per 64 KiB.
  explicit LineSource(int fd);
  explicit LineSource(std::string_view text);

  // The next whole lines, as many as are in hand and at least one; empty at
  // the end of the text or on an error. Each line ends in '\n' (after a CR,
  // if the text has one there: the reader reads CR LF as a line end), and a
  // last line without one gets one. The block stays valid until the next call.
  std::string_view next_lines();
  // Set after next_lines() came back empty because reading failed or a line was too long.
  const std::string& error() const { return error_; }
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool fill();

  static constexpr size_t initial_chunk = size_t{1} << 20;
  static constexpr size_t max_line = size_t{256} << 20;

  int fd_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  uint64_t bytes_read_ = 0;
  std::string error_;
};

}  // namespace schedcheck
