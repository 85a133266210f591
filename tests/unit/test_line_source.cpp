// Tests of line_source.hpp: blocks of whole lines from memory, files and pipes, including lines longer than one read chunk.
#include "line_source.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "support.hpp"

namespace schedcheck {
namespace {

// The lines of every block as the reader reads them: without their '\n',
// nor a CR just before it.
std::vector<std::string> all_lines(LineSource& source) {
  std::vector<std::string> lines;
  for (std::string_view block = source.next_lines(); !block.empty(); block = source.next_lines()) {
    // The reader's loops stop at a line's end without testing the position:
    // every line of a block, the last one too, ends in '\n'.
    REQUIRE(block.back() == '\n');
    while (!block.empty()) {
      const size_t nl = block.find('\n');
      std::string_view line = block.substr(0, nl);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines.emplace_back(line);
      block.remove_prefix(nl + 1);
    }
  }
  return lines;
}

std::vector<std::string> lines_of_memory(std::string_view text) {
  LineSource source(text);
  return all_lines(source);
}

std::vector<std::string> lines_of_file(const std::string& content, uint64_t* bytes = nullptr) {
  test::TempFile file(content);
  const int fd = ::open(file.path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  LineSource source(fd);
  auto lines = all_lines(source);
  CHECK(source.error().empty());
  if (bytes) *bytes = source.bytes_read();
  ::close(fd);
  return lines;
}

// A pipe delivers the text in the writer's small pieces, so reads come back
// short and lines straddle every kind of boundary.
std::vector<std::string> lines_of_pipe(const std::string& content, size_t piece) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([&content, piece, out = fds[1]]() {
    for (size_t at = 0; at < content.size();) {
      const size_t n = std::min(piece, content.size() - at);
      const ssize_t got = ::write(out, content.data() + at, n);
      if (got <= 0) break;
      at += static_cast<size_t>(got);
    }
    ::close(out);
  });
  LineSource source(fds[0]);
  auto lines = all_lines(source);
  writer.join();
  CHECK(source.error().empty());
  CHECK(source.bytes_read() == content.size());
  ::close(fds[0]);
  return lines;
}

// Splits the way the format defines lines: '\n' ends a line, one '\r' before
// it is dropped, and a last line without '\n' still counts.
std::vector<std::string> expected_lines(const std::string& content) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < content.size()) {
    size_t nl = content.find('\n', start);
    const size_t end = nl == std::string::npos ? content.size() : nl;
    std::string line = content.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
    start = nl == std::string::npos ? content.size() : nl + 1;
  }
  return lines;
}

// Lines of 1, 2 and 3 MiB around short ones, CRLF endings, no final newline.
std::string long_lines_text() {
  std::string text = "schedcheck 1\r\n";
  text += std::string((size_t{1} << 20) + 7, 'a') + "\n";
  text += "short\n\n";
  text += std::string(size_t{2} << 20, 'b') + "\r\n";
  for (int i = 0; i < 3000; ++i) text += "  0 +1*" + std::to_string(i) + "\n";
  text += std::string((size_t{3} << 20) - 1, 'c');
  return text;
}

TEST_CASE("memory: lines, empty lines, CRLF and a missing final newline") {
  CHECK(lines_of_memory("a\nb\n") == std::vector<std::string>{"a", "b"});
  CHECK(lines_of_memory("a\nb") == std::vector<std::string>{"a", "b"});
  CHECK(lines_of_memory("a\r\nb\r\n") == std::vector<std::string>{"a", "b"});
  CHECK(lines_of_memory("a\r") == std::vector<std::string>{"a"});
  CHECK(lines_of_memory("a\n\n\nb\n") == std::vector<std::string>{"a", "", "", "b"});
  CHECK(lines_of_memory("\n") == std::vector<std::string>{""});
  CHECK(lines_of_memory("").empty());
  CHECK(lines_of_memory("  indented\t\n") == std::vector<std::string>{"  indented\t"});
  // Only the one CR before the LF (or at the very end) is a line end.
  CHECK(lines_of_memory("x\r\r\ny\rz\n") == std::vector<std::string>{"x\r", "y\rz"});
}

TEST_CASE("memory: one block, then none however often asked") {
  LineSource source(std::string_view("x\ny"));
  CHECK(source.next_lines() == "x\ny\n");
  CHECK(source.next_lines().empty());
  CHECK(source.next_lines().empty());
  CHECK(source.error().empty());
}

TEST_CASE("a CR before a line's end stays in the block, for the reader to read as part of the line end") {
  LineSource source(std::string_view("a\r\nb\rc\r"));
  CHECK(source.next_lines() == "a\r\nb\rc\r\n");
  CHECK(source.next_lines().empty());
}

TEST_CASE("file: the same lines as memory, for short and for long lines") {
  for (const std::string& text : {std::string("a\nb\n"), std::string("a\r\nb"), std::string("\n\n"),
                                  std::string("one line without newline")}) {
    CAPTURE(text);
    CHECK(lines_of_file(text) == expected_lines(text));
  }
  const std::string text = long_lines_text();
  uint64_t bytes = 0;
  const auto lines = lines_of_file(text, &bytes);
  CHECK(bytes == text.size());
  REQUIRE(lines.size() == expected_lines(text).size());
  CHECK(lines == expected_lines(text));
  CHECK(lines[1].size() == (size_t{1} << 20) + 7);
  CHECK(lines[4].size() == size_t{2} << 20);
  CHECK(lines.back().size() == (size_t{3} << 20) - 1);
}

TEST_CASE("file: empty input gives no lines and no error") {
  uint64_t bytes = 99;
  CHECK(lines_of_file("", &bytes).empty());
  CHECK(bytes == 0);
}

TEST_CASE("file: lines straddling the 1 MiB chunk boundary come out whole") {
  // 1000-byte lines: the boundary at 2^20 falls inside line 1048.
  std::string text;
  for (int i = 0; i < 1200; ++i) {
    std::string line = std::to_string(i);
    line.resize(999, '.');
    text += line + "\n";
  }
  const auto lines = lines_of_file(text);
  REQUIRE(lines.size() == 1200);
  for (int i : {0, 1047, 1048, 1049, 1199}) {
    CAPTURE(i);
    CHECK(lines[i].size() == 999);
    CHECK(lines[i].rfind(std::to_string(i), 0) == 0);
  }
}

TEST_CASE("pipe: short reads and long lines") {
  const std::string text = long_lines_text();
  CHECK(lines_of_pipe(text, 4093) == expected_lines(text));
  const std::string crlf = "schedcheck 1\r\nstep 1\r\n  0 +1\r\n";
  CHECK(lines_of_pipe(crlf, 1) == std::vector<std::string>{"schedcheck 1", "step 1", "  0 +1"});
  CHECK(lines_of_pipe("", 1).empty());
}

TEST_CASE("a descriptor that cannot be read reports an error") {
  const int fd = ::open("/", O_RDONLY | O_DIRECTORY);
  REQUIRE(fd >= 0);
  LineSource source(fd);
  CHECK(source.next_lines().empty());
  CHECK_FALSE(source.error().empty());
  ::close(fd);
}

// bytes_read counts the text's own bytes, not a '\n' added after its last line.
TEST_CASE("memory: bytes_read equals the text's size") {
  LineSource source(std::string_view("abc\nde"));
  while (!source.next_lines().empty()) {
  }
  CHECK(source.bytes_read() == 6);
}

}  // namespace
}  // namespace schedcheck
