// LineSource: chunked reading with lines that may straddle chunk boundaries.
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

bool LineSource::next_slow(std::string_view& line) {
  if (line_number_ >= max_lines) {
    error_ = "more than 4294967294 lines";
    return false;
  }
  if (fd_ < 0) {
    if (text_.empty()) return false;
    const size_t nl = text_.find('\n');
    line = text_.substr(0, nl);
    text_ = nl == std::string_view::npos ? std::string_view{} : text_.substr(nl + 1);
    bytes_read_ += line.size() + (nl == std::string_view::npos ? 0 : 1);
    if (nl == std::string_view::npos) {  // the last line has no '\n' after it: a copy gets the end byte
      buffer_.assign(line.begin(), line.end());
      buffer_.push_back('\0');
      line = std::string_view(buffer_.data(), line.size());
    }
  } else {
    size_t scanned = begin_;
    for (;;) {
      const char* start = buffer_.data() + scanned;
      const void* nl = std::memchr(start, '\n', end_ - scanned);
      if (nl) {
        const auto* p = static_cast<const char*>(nl);
        line = std::string_view(buffer_.data() + begin_, static_cast<size_t>(p - (buffer_.data() + begin_)));
        begin_ = static_cast<size_t>(p - buffer_.data()) + 1;
        break;
      }
      if (eof_) {
        if (begin_ == end_) return false;
        buffer_[end_] = '\0';  // fill() keeps a byte free for it
        line = std::string_view(buffer_.data() + begin_, end_ - begin_);
        begin_ = end_;
        break;
      }
      const size_t seen = end_ - begin_;
      if (!fill()) return false;
      scanned = begin_ + seen;
    }
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ++line_number_;
  return true;
}

}  // namespace schedcheck
