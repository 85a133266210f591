// LineSource: lines of a file, a stream or a string, read in bounded chunks.
//
// The checker is one pass: this keeps at most one chunk (and one line) of the
// text in memory however long the file is.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck {

class LineSource {
 public:
  explicit LineSource(int fd) : fd_(fd), buffer_(initial_chunk) {}
  explicit LineSource(std::string_view text) : fd_(-1), text_(text) {}

  // The next line without its '\n' (and '\r'); false at the end or on error.
  bool next(std::string_view& line);
  uint32_t line_number() const { return line_number_; }
  // Set after next() returned false because reading failed or a line was too long.
  const std::string& error() const { return error_; }
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool fill();

  static constexpr size_t initial_chunk = size_t{1} << 20;
  static constexpr size_t max_line = size_t{256} << 20;

  int fd_;
  std::string_view text_;  // when reading from memory
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  uint32_t line_number_ = 0;
  uint64_t bytes_read_ = 0;
  std::string error_;
};

}  // namespace schedcheck
