// LineSource: lines of a file, a stream or a string, read in bounded chunks.
//
// The checker is one pass: this keeps at most one chunk (and one line) of the
// text in memory however long the file is.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck {

class LineSource {
 public:
  // A pipe is asked to hold a whole chunk (a hint the kernel may refuse):
  // its writer and this reader then take turns per chunk, not per 64 KiB.
  explicit LineSource(int fd);
  explicit LineSource(std::string_view text) : fd_(-1), text_(text) {}

  // The next line without its '\n' (and '\r'); false at the end or on error.
  // The byte after the line is readable and is '\n', '\r' or '\0', none of
  // them a blank or a digit: the reader's innermost loops stop there without
  // also testing the position. The common case, a whole line already in the buffer, is inline: it runs
  // once per line of files with tens of millions of lines.
  bool next(std::string_view& line) {
    if (fd_ >= 0 && begin_ < end_ && line_number_ < max_lines) {
      const char* start = buffer_.data() + begin_;
      if (const void* nl = std::memchr(start, '\n', end_ - begin_)) {
        const auto* stop = static_cast<const char*>(nl);
        line = std::string_view(start, static_cast<size_t>(stop - start));
        begin_ += line.size() + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        ++line_number_;
        return true;
      }
    }
    return next_slow(line);
  }
  uint32_t line_number() const { return line_number_; }
  // Set after next() returned false because reading failed or a line was too long.
  const std::string& error() const { return error_; }
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool next_slow(std::string_view& line);
  bool fill();

  static constexpr size_t initial_chunk = size_t{1} << 20;
  static constexpr size_t max_line = size_t{256} << 20;
  // Line numbers are 32 bits; past this a file is refused, not numbered wrong.
  static constexpr uint32_t max_lines = UINT32_MAX - 1;

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
