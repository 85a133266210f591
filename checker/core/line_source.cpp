// LineSource: chunked reading, blocks cut after their last '\n', lines that may straddle chunk boundaries.
#include "line_source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedcheck {

LineSource::LineSource(int fd) : fd_(fd), buffer_(initial_chunk) {
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISFIFO(st.st_mode)) ::fcntl(fd_, F_SETPIPE_SZ, static_cast<int>(initial_chunk));
}

// A text in memory is one block: a copy, so that its lines can end in '\n'.
LineSource::LineSource(std::string_view text)
    : fd_(-1), buffer_(text.begin(), text.end()), end_(text.size()), eof_(true), bytes_read_(text.size()) {
  buffer_.push_back('\n');  // the byte fill() keeps free, for a '\n' after a last line without one
}

bool LineSource::fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ + 1 >= buffer_.size()) {
    if (buffer_.size() >= max_line) {
      error_ = "line longer than 256 MiB";
      return false;
    }
    buffer_.resize(buffer_.size() * 2);
  }
  // A pipe gives what its writer has written so far, often a page: reading
  // on until the buffer is half full (or the text ends) wakes the reader
  // once per half chunk instead of once per page.
  const size_t want = std::min(buffer_.size() - 1, end_ + buffer_.size() / 2);
  while (end_ < want) {
    const ssize_t got = ::read(fd_, buffer_.data() + end_, buffer_.size() - 1 - end_);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      error_ = std::strerror(errno);
      return false;
    }
    if (got == 0) {
      eof_ = true;
      break;
    }
    end_ += static_cast<size_t>(got);
    bytes_read_ += static_cast<uint64_t>(got);
  }
  return true;
}

std::string_view LineSource::next_lines() {
  size_t scanned = begin_;  // no '\n' lies in [begin_, scanned)
  for (;;) {
    if (eof_ && begin_ < end_ && buffer_[end_ - 1] != '\n') buffer_[end_++] = '\n';  // fill() keeps a byte free for it
    char* const start = buffer_.data() + begin_;
    auto* const last = static_cast<char*>(::memrchr(buffer_.data() + scanned, '\n', end_ - scanned));
    if (last) {
      begin_ = static_cast<size_t>(last - buffer_.data()) + 1;
      return {start, static_cast<size_t>(last + 1 - start)};
    }
    if (eof_) return {};
    const size_t seen = end_ - begin_;
    if (!fill()) return {};
    scanned = begin_ + seen;
  }
}

}  // namespace schedcheck
