// Benchmark of the one-pass checker on two large generated schedules, compared with `wc -l` on the same file.
//
// Two instances: store-and-forward gossip on an N x N torus (about N^4
// packet-hops, the streaming case the design asks for) and a wormhole
// dimension-ordered broadcast on an N x N x N torus (many nodes, long paths).
// Each schedule is generated into a file, checked until the verdict is
// VERIFIED (a benchmark of a rejected schedule would measure the error path),
// then timed. `wc -l` is the floor: it reads the same bytes and only counts
// newlines, so the ratio says how much the parsing and the checks cost on top
// of reading. Peak memory is taken from a fresh process that runs only the
// check (its own VmHWM), so the generator and the timing loop do not count;
// that process also times its check, with every page of the state new to it
// as in a user's run (a timed run in this process may reuse pages an earlier
// one freed, which on a 64^3 torus is a third of the check's time).
//
// The program prints figures and asserts nothing about time; it exits 1 only
// when a generated schedule is not verified, 2 on usage or I/O errors.

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "checker.hpp"
#include "bench_args.hpp"
#include "bench_timing.hpp"
#include "peak_memory.hpp"
#include "diagnostic.hpp"
#include "line_source.hpp"
#include "reader.hpp"
#include "schedule.hpp"
#include "verdict.hpp"

namespace {

// Buffered output to a file descriptor with hand-made integer formatting:
// the gossip file has about 17 million lines, and generating it through
// iostreams or printf would take longer than checking it.
class file_writer {
 public:
  explicit file_writer(const std::string& path) : path_(path), buffer_(size_t{1} << 20) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
  }
  ~file_writer() {
    if (fd_ >= 0) ::close(fd_);
  }
  file_writer(const file_writer&) = delete;
  file_writer& operator=(const file_writer&) = delete;

  void put(std::string_view text) {
    if (used_ + text.size() > buffer_.size()) flush();
    if (text.size() > buffer_.size()) {
      write_all(text.data(), text.size());
      return;
    }
    std::memcpy(buffer_.data() + used_, text.data(), text.size());
    used_ += text.size();
  }
  void put(char ch) {
    if (used_ == buffer_.size()) flush();
    buffer_[used_++] = ch;
  }
  void put_uint(uint64_t value) {
    char digits[20];
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    if (used_ + static_cast<size_t>(n) > buffer_.size()) flush();
    while (n > 0) buffer_[used_++] = digits[--n];
  }
  void flush() {
    write_all(buffer_.data(), used_);
    used_ = 0;
  }
  void close() {
    flush();
    if (::close(fd_) != 0) throw std::runtime_error("cannot close " + path_ + ": " + std::strerror(errno));
    fd_ = -1;
  }

 private:
  void write_all(const char* data, size_t size) {
    while (size > 0) {
      const ssize_t done = ::write(fd_, data, size);
      if (done < 0 && errno == EINTR) continue;
      if (done < 0) throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
      data += done;
      size -= static_cast<size_t>(done);
    }
  }

  std::string path_;
  int fd_ = -1;
  std::vector<char> buffer_;
  size_t used_ = 0;
};

// ---------------------------------------------------------------------------
// Instance 1: gossip on the n x n torus, store-and-forward, all-port,
// non-combining.
//
// Phase 1 (floor(n/2) steps): every PU sends its own packet around its row and its
// column, both ways, as ring pipelines. Afterwards it holds its row and its
// column.
// Phase 2: every other packet (a,b) travels column first or row first, never
// both, so no PU receives a packet twice. The choice has to be a property of
// the packet alone (the PU relaying it serves a whole ring of receivers), so
// it is the parity of a+b. A PU (x,y) then pipelines along its row the
// column-first packets of its column, and along its column the row-first
// packets of its row.
//
// A ring pipeline in one direction with h hops per packet: in step t of the
// phase, item j = t / h of the PU d = t % h places back is forwarded. Item j
// of a PU reaches distances 1..h in steps j*h .. j*h+h-1, each channel
// carries one packet per step, and a PU forwards at step t exactly what it
// received at step t-1 (or its own item when d = 0). The + direction covers
// distances 1..floor(n/2), the - direction 1..ceil(n/2)-1: together every
// other PU of the ring once.
//
// No PU ever receives a packet twice, so the schedule has exactly P(P-1)
// hops. It is not optimal: the - channels idle in one step of every
// floor(n/2), and the padded slots idle too; on the 64 x 64 torus it takes
// 1056 steps against the bound ceil((P-1)/4) = 1024 (97% of channel-steps
// busy). Being a steady stream of full steps is what matters here.
// ---------------------------------------------------------------------------

struct gossip_figures {
  uint64_t steps = 0;
  uint64_t transfers = 0;
};

gossip_figures write_gossip(const std::string& path, uint32_t n) {
  const uint32_t P = n * n;
  const uint32_t h_plus = n / 2, h_minus = (n - 1) / 2;
  auto index = [n](uint32_t x, uint32_t y) { return x + n * y; };  // dimension 1 varies fastest
  auto col_first = [](uint32_t a, uint32_t b) { return (a + b) % 2 == 0; };
  constexpr uint32_t no_item = UINT32_MAX;

  // Phase-2 items: row_items[(u,y)] are what (u,y) sends along its row (its
  // column's column-first packets), col_items[(x,v)] what (x,v) sends along
  // its column. Counts differ by one between PUs, so the shorter lists are
  // padded with no_item (an idle slot).
  uint32_t k = 0;
  for (uint32_t y = 0; y < n; ++y)
    for (uint32_t x = 0; x < n; ++x) {
      uint32_t r = 0, c = 0;
      for (uint32_t b = 0; b < n; ++b) r += b != y && col_first(x, b);
      for (uint32_t a = 0; a < n; ++a) c += a != x && !col_first(a, y);
      k = std::max({k, r, c});
    }
  std::vector<uint32_t> row_items(size_t{P} * k, no_item), col_items(size_t{P} * k, no_item);
  for (uint32_t y = 0; y < n; ++y)
    for (uint32_t x = 0; x < n; ++x) {
      uint32_t r = 0, c = 0;
      for (uint32_t b = 0; b < n; ++b)
        if (b != y && col_first(x, b)) row_items[size_t{index(x, y)} * k + r++] = index(x, b);
      for (uint32_t a = 0; a < n; ++a)
        if (a != x && !col_first(a, y)) col_items[size_t{index(x, y)} * k + c++] = index(a, y);
    }

  const uint64_t steps = h_plus + uint64_t{k} * h_plus;
  file_writer out(path);
  out.put("# Gossip on the ");
  out.put_uint(n);
  out.put("x");
  out.put_uint(n);
  out.put(" torus: row and column pipelines, then each packet once more along a column or a row.\n");
  out.put("schedcheck 1\ntopology torus ");
  out.put_uint(n);
  out.put("x");
  out.put_uint(n);
  out.put("\nmodel store-and-forward all-port non-combining\ncollective gossip length 1\nclaim steps=");
  out.put_uint(steps);
  out.put(" name=row-column-pipelines\n");

  gossip_figures fig;
  auto transfer = [&](uint32_t from, std::string_view move, uint32_t message) {
    out.put_uint(from);
    out.put(move);
    out.put_uint(message);
    out.put('\n');
    ++fig.transfers;
  };
  for (uint32_t t = 0; t < h_plus; ++t) {
    out.put("step ");
    out.put_uint(++fig.steps);
    out.put('\n');
    for (uint32_t y = 0; y < n; ++y)
      for (uint32_t x = 0; x < n; ++x) {
        const uint32_t v = index(x, y);
        transfer(v, " +1 : ", index((x + n - t) % n, y));
        transfer(v, " +2 : ", index(x, (y + n - t) % n));
        if (t < h_minus) {
          transfer(v, " -1 : ", index((x + t) % n, y));
          transfer(v, " -2 : ", index(x, (y + t) % n));
        }
      }
  }
  for (uint64_t t = 0; t < uint64_t{k} * h_plus; ++t) {
    out.put("step ");
    out.put_uint(++fig.steps);
    out.put('\n');
    const uint32_t j_plus = static_cast<uint32_t>(t / h_plus), d_plus = static_cast<uint32_t>(t % h_plus);
    const bool minus_active = h_minus > 0 && t < uint64_t{k} * h_minus;
    const uint32_t j_minus = minus_active ? static_cast<uint32_t>(t / h_minus) : 0;
    const uint32_t d_minus = minus_active ? static_cast<uint32_t>(t % h_minus) : 0;
    for (uint32_t y = 0; y < n; ++y)
      for (uint32_t x = 0; x < n; ++x) {
        const uint32_t v = index(x, y);
        uint32_t m = row_items[size_t{index((x + n - d_plus) % n, y)} * k + j_plus];
        if (m != no_item) transfer(v, " +1 : ", m);
        m = col_items[size_t{index(x, (y + n - d_plus) % n)} * k + j_plus];
        if (m != no_item) transfer(v, " +2 : ", m);
        if (!minus_active) continue;
        m = row_items[size_t{index((x + d_minus) % n, y)} * k + j_minus];
        if (m != no_item) transfer(v, " -1 : ", m);
        m = col_items[size_t{index(x, (y + d_minus) % n)} * k + j_minus];
        if (m != no_item) transfer(v, " -2 : ", m);
      }
  }
  out.close();
  if (fig.transfers != uint64_t{P} * (P - 1)) throw std::logic_error("gossip generator: not P(P-1) packet-hops");
  return fig;
}

// ---------------------------------------------------------------------------
// Instance 2: broadcast on the n x n x n torus, wormhole, all-port,
// dimension-ordered.
//
// Dimension by dimension: the source informs its dimension-1 ring, then every
// informed PU its dimension-2 ring, then its dimension-3 ring. A ring
// broadcast triples the informed set per step: an interval with one informed
// PU is cut into three parts, the informed PU lies in the middle one and
// sends one path each way, to the centre of the left and of the right part;
// the parts are then handled alike. Paths stay inside their interval, and
// within one interval one goes + and one goes -, so every step is
// link-disjoint. The whole ring is one interval (never crossing the seam
// opposite the source), so no path wraps onto another. It takes
// 3 * ceil(log_3 n) steps (12 for n = 64, against the bound ceil(log_7 P) = 7).
// ---------------------------------------------------------------------------

struct ring_send {
  int32_t from;    // offset from the source along the ring
  int32_t length;  // signed: + or - direction
};

std::vector<std::vector<ring_send>> tripling_ring_plan(uint32_t n) {
  uint32_t steps = 0;
  for (uint64_t reach = 1; reach < n; reach *= 3) ++steps;
  struct interval {
    int64_t lo, len, informed;
  };
  // Interval positions 0..n-1 are ring offsets from the source shifted by
  // n/2, so the one interval boundary is the seam opposite the source.
  const int64_t source = n / 2;
  std::vector<interval> parts{{0, n, source}};
  std::vector<std::vector<ring_send>> plan(steps);
  for (uint32_t s = 0; s < steps; ++s) {
    int64_t cap = 1;  // the most PUs one informed PU can cover in the steps left after this one
    for (uint32_t i = s + 1; i < steps; ++i) cap *= 3;
    std::vector<interval> next;
    for (const interval& iv : parts) {
      if (iv.len == 1) {
        next.push_back(iv);
        continue;
      }
      // Parts A | B | C with the informed PU in B, each at most `cap` long so
      // the remaining steps can finish it; B as centred on the PU as allowed.
      const int64_t b = std::min(cap, iv.len);
      const int64_t i = iv.informed - iv.lo;
      const int64_t lowest = std::max({int64_t{0}, iv.len - b - cap, i - b + 1});
      const int64_t highest = std::min({cap, i, iv.len - b});
      if (lowest > highest) throw std::logic_error("tripling ring plan: no split for an interval");
      const int64_t a = std::clamp(i - (b - 1) / 2, lowest, highest);
      const int64_t c = iv.len - a - b;
      next.push_back({iv.lo + a, b, iv.informed});
      if (a > 0) {
        const int64_t target = iv.lo + (a - 1) / 2;
        plan[s].push_back({static_cast<int32_t>(iv.informed - source), static_cast<int32_t>(target - iv.informed)});
        next.push_back({iv.lo, a, target});
      }
      if (c > 0) {
        const int64_t target = iv.lo + a + b + (c - 1) / 2;
        plan[s].push_back({static_cast<int32_t>(iv.informed - source), static_cast<int32_t>(target - iv.informed)});
        next.push_back({iv.lo + a + b, c, target});
      }
    }
    parts = std::move(next);
  }
  for (const interval& iv : parts)
    if (iv.len != 1) throw std::logic_error("tripling ring plan: an interval is left uninformed");
  return plan;
}

struct broadcast_figures {
  uint64_t steps = 0;
  uint64_t transfers = 0;
  uint64_t hops = 0;
};

broadcast_figures write_broadcast(const std::string& path, uint32_t n) {
  const auto plan = tripling_ring_plan(n);
  const uint64_t P = uint64_t{n} * n * n;
  const uint64_t stride[3] = {1, n, uint64_t{n} * n};
  constexpr uint64_t source = 0;

  file_writer out(path);
  out.put("# Broadcast on the ");
  out.put_uint(n);
  out.put("x");
  out.put_uint(n);
  out.put("x");
  out.put_uint(n);
  out.put(" torus: a tripling ring broadcast along dimension 1, then 2, then 3.\n");
  out.put("schedcheck 1\ntopology torus ");
  for (int d = 0; d < 3; ++d) {
    if (d > 0) out.put('x');
    out.put_uint(n);
  }
  out.put("\nmodel wormhole all-port dimension-order\ncollective broadcast source ");
  out.put_uint(source);
  out.put("\nclaim steps=");
  out.put_uint(3 * plan.size());
  out.put(" name=dimension-ordered-tripling\n");

  broadcast_figures fig;
  // Informed PUs at the start of the dimension's phase: the source's line,
  // plane, ... in increasing dimension; the source is 0, so these are the PUs
  // whose coordinates beyond the phase's dimension are 0.
  for (uint32_t d = 0; d < 3; ++d) {
    const uint64_t informed = stride[d];  // PUs 0 .. stride[d]-1
    for (const std::vector<ring_send>& sends : plan) {
      out.put("step ");
      out.put_uint(++fig.steps);
      out.put('\n');
      for (uint64_t s = 0; s < informed; ++s) {
        for (const ring_send& send : sends) {
          const uint64_t from = s + ((send.from % int64_t{n} + n) % n) * stride[d];
          out.put_uint(from);
          out.put(send.length > 0 ? " +" : " -");
          out.put_uint(d + 1);
          const uint32_t hops = static_cast<uint32_t>(send.length > 0 ? send.length : -send.length);
          if (hops > 1) {
            out.put('*');
            out.put_uint(hops);
          }
          out.put('\n');
          ++fig.transfers;
          fig.hops += hops;
        }
      }
    }
  }
  out.close();
  if (fig.transfers != P - 1) throw std::logic_error("broadcast generator: not one path per PU");
  return fig;
}

// ---------------------------------------------------------------------------
// Measurement.
// ---------------------------------------------------------------------------

struct check_result {
  schedcheck::Verdict verdict;
  std::vector<std::string> errors;
  double seconds = 0;
  double cpu = 0;
};

check_result run_check(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  check_result r;
  schedcheck::Diagnostics diag(path, 20);
  schedcheck::Header header;
  schedcheck::CheckOptions options;
  options.per_step_stats = false;  // as `schedcheck check` without --json
  const auto start = BenchClock::now();
  const double cpu_start = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
  {
    schedcheck::LineSource source(fd);
    r.verdict = schedcheck::check_schedule(source, header, diag, options);
  }
  r.cpu = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  r.seconds = seconds_since(start);
  ::close(fd);
  for (const auto& d : diag.kept()) r.errors.push_back(diag.format(d));
  if (diag.total() > diag.kept().size())
    r.errors.push_back("... and " + std::to_string(diag.total() - diag.kept().size()) + " more error(s)");
  return r;
}

std::string self_path() {
  char buffer[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) throw std::runtime_error("cannot read /proc/self/exe");
  return std::string(buffer, static_cast<size_t>(n));
}

// Short blocks with a 32-bit counter vectorise; std::count's 64-bit counter
// runs at half the speed and would make the floor, and LineSource's column,
// look slow.
uint64_t count_newlines(const char* p, size_t size) {
  uint64_t lines = 0;
  for (size_t left = size; left > 0;) {
    const size_t block = std::min<size_t>(left, 4096);
    uint32_t in_block = 0;
    for (size_t i = 0; i < block; ++i) in_block += p[i] == '\n';
    lines += in_block;
    p += block;
    left -= block;
  }
  return lines;
}

// The floor without a process start: read the file in 1 MiB chunks and count
// newlines. On a small file `wc -l` is mostly fork and exec, which the
// in-process check does not pay, so its ratio would flatter the check.
double count_lines_seconds(const std::string& path, uint64_t& lines) {
  const auto start = BenchClock::now();
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  std::vector<char> buffer(size_t{1} << 20);
  lines = 0;
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
    if (got == 0) break;
    lines += count_newlines(buffer.data(), static_cast<size_t>(got));
  }
  ::close(fd);
  return seconds_since(start);
}

// The check's first two stages alone, to show where its time goes: cutting
// the file into lines (LineSource), and parsing them as well (Reader). The
// rest of the check time is route expansion and the properties.
double line_source_seconds(const std::string& path, uint64_t& lines) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  const auto start = BenchClock::now();
  schedcheck::LineSource source(fd);
  lines = 0;
  for (std::string_view block = source.next_lines(); !block.empty(); block = source.next_lines())
    lines += count_newlines(block.data(), block.size());
  const double elapsed = seconds_since(start);
  ::close(fd);
  return elapsed;
}

double reader_seconds(const std::string& path, uint64_t& transfers) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  const auto start = BenchClock::now();
  schedcheck::LineSource source(fd);
  schedcheck::Diagnostics diag(path, 20);
  schedcheck::Header header;
  schedcheck::Reader reader(source, diag);
  transfers = 0;
  if (reader.read_header(header)) {
    schedcheck::Transfer t;
    for (;;) {
      const schedcheck::Reader::Event event = reader.next(t);
      if (event == schedcheck::Reader::Event::end) break;
      transfers += event == schedcheck::Reader::Event::transfer;
    }
  }
  const double elapsed = seconds_since(start);
  ::close(fd);
  return elapsed;
}

// Runs argv as a child with stderr on /dev/null and returns its wall time;
// its stdout goes to `output` when given, else to /dev/null; its user and
// system time go to `cpu` when given.
double run_child(const std::vector<std::string>& argv, int& status, std::string* output = nullptr,
                 double* cpu = nullptr) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int pipe_fds[2] = {-1, -1};
  if (output && ::pipe(pipe_fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  const auto start = BenchClock::now();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(output ? pipe_fds[1] : null, 1);
      ::dup2(null, 2);
      ::close(null);
    }
    if (output) {
      ::close(pipe_fds[0]);
      ::close(pipe_fds[1]);
    }
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  if (output) {
    ::close(pipe_fds[1]);
    char buffer[256];
    for (;;) {
      const ssize_t got = ::read(pipe_fds[0], buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      output->append(buffer, static_cast<size_t>(got));
    }
    ::close(pipe_fds[0]);
  }
  struct rusage usage {};
  while (::wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) throw std::runtime_error(std::string("wait4: ") + std::strerror(errno));
  }
  const double elapsed = seconds_since(start);
  if (cpu) {
    auto sec = [](const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6; };
    *cpu = sec(usage.ru_utime) + sec(usage.ru_stime);
  }
  return elapsed;
}

// What a fresh process running one check shows: its VmHWM, and the check's
// wall time there, where every page of the check's state is new to the
// process as it is to a user's `schedcheck check`.
struct fresh_figures {
  long peak_kib = 0;
  double check_seconds = 0;
};

// Runs this program as `--peak-child [FILE]`.
fresh_figures fresh_child(const std::string& file) {
  std::vector<std::string> argv{self_path(), "--peak-child"};
  if (!file.empty()) argv.push_back(file);
  int status = 0;
  std::string output;
  run_child(argv, status, &output);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("the peak-memory child did not verify " + file);
  char* rest = nullptr;
  fresh_figures f;
  f.peak_kib = std::strtol(output.c_str(), &rest, 10);
  f.check_seconds = std::strtod(rest, nullptr);
  return f;
}

struct instance_figures {
  std::string name;
  std::string path;
  uint64_t bytes = 0;
  uint64_t steps = 0, transfers = 0, hops = 0;
  double generate_seconds = 0;
  double wc_median = 0, wc_best = 0, wc_cpu_median = 0;
  double count_median = 0, lines_median = 0, parse_median = 0;
  uint64_t lines = 0;
  double check_median = 0, check_best = 0, check_cpu_median = 0;
  double fresh_median = 0;  // the check in a fresh process
  long peak_kib = 0;
  bool verified = false;
};

// Checks once for correctness, then times `wc -l` and the check, then takes
// the peak memory and the check time of fresh processes doing only the check.
bool measure(instance_figures& f, int runs) {
  struct stat st {};
  if (::stat(f.path.c_str(), &st) != 0) throw std::runtime_error("cannot stat " + f.path);
  f.bytes = static_cast<uint64_t>(st.st_size);

  // The first check also pulls the file into the page cache.
  check_result first = run_check(f.path);
  f.verified = first.verdict.verified;
  f.steps = first.verdict.steps;
  f.transfers = first.verdict.transfers;
  f.hops = first.verdict.hops;
  if (!f.verified) {
    std::fprintf(stderr, "bench_check: %s: the generated schedule is not verified:\n", f.name.c_str());
    for (const std::string& e : first.errors) std::fprintf(stderr, "  %s\n", e.c_str());
    return false;
  }

  const std::vector<std::string> wc{"wc", "-l", f.path};
  int status = 0;
  run_child(wc, status);  // warm-up
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("wc -l failed");
  std::vector<double> wc_times, wc_cpu;
  for (int i = 0; i < std::max(runs, 5); ++i) {
    double cpu = 0;
    wc_times.push_back(run_child(wc, status, nullptr, &cpu));
    wc_cpu.push_back(cpu);
  }
  f.wc_median = median(wc_times);
  f.wc_cpu_median = median(wc_cpu);
  f.wc_best = *std::min_element(wc_times.begin(), wc_times.end());

  std::vector<double> count_times;
  for (int i = 0; i < std::max(runs, 5); ++i) count_times.push_back(count_lines_seconds(f.path, f.lines));
  f.count_median = median(count_times);

  std::vector<double> lines_times, parse_times;
  for (int i = 0; i < runs; ++i) {
    uint64_t lines = 0, transfers = 0;
    lines_times.push_back(line_source_seconds(f.path, lines));
    parse_times.push_back(reader_seconds(f.path, transfers));
    if (lines != f.lines || transfers != f.transfers) throw std::runtime_error("stage passes disagree with the check");
  }
  f.lines_median = median(lines_times);
  f.parse_median = median(parse_times);

  std::vector<double> check_times, check_cpu;
  for (int i = 0; i < runs; ++i) {
    check_result r = run_check(f.path);
    if (!r.verdict.verified) throw std::runtime_error("verdict changed between runs");
    check_times.push_back(r.seconds);
    check_cpu.push_back(r.cpu);
  }
  f.check_median = median(check_times);
  f.check_cpu_median = median(check_cpu);
  f.check_best = *std::min_element(check_times.begin(), check_times.end());

  std::vector<double> fresh_times;
  for (int i = 0; i < runs; ++i) {
    const fresh_figures fresh = fresh_child(f.path);
    f.peak_kib = std::max(f.peak_kib, fresh.peak_kib);
    fresh_times.push_back(fresh.check_seconds);
  }
  f.fresh_median = median(fresh_times);
  return true;
}

void print_table(const std::vector<instance_figures>& all, long baseline_kib, int runs) {
  const int extra_runs = std::max(runs, 5);
  std::printf("\n%-34s %9s %10s %10s %10s %6s %10s\n", "instance", "MiB", "lines", "transfers", "hops", "steps",
              "generate s");
  for (const instance_figures& f : all)
    std::printf("%-34s %9.1f %10s %10llu %10llu %6llu %10.2f\n", f.name.c_str(),
                static_cast<double>(f.bytes) / (1 << 20), f.verified ? std::to_string(f.lines).c_str() : "-",
                static_cast<unsigned long long>(f.transfers), static_cast<unsigned long long>(f.hops),
                static_cast<unsigned long long>(f.steps), f.generate_seconds);

  std::printf("\n%-34s %9s %9s %9s %9s %8s %8s %10s %9s %8s\n", "instance", "wc -l s", "read s", "check s",
              "Mhops/s", "MiB/s", "check/wc", "check/read", "peak MiB", "verdict");
  for (const instance_figures& f : all) {
    if (!f.verified) {  // not timed: a rejected schedule would measure the error path
      std::printf("%-34s %9s %9s %9s %9s %8s %8s %10s %9s %8s\n", f.name.c_str(), "-", "-", "-", "-", "-", "-", "-",
                  "-", "FAILED");
      continue;
    }
    std::printf("%-34s %9.4f %9.4f %9.4f %9.1f %8.0f %8.2f %10.2f %9.1f %8s\n", f.name.c_str(), f.wc_median,
                f.count_median, f.check_median, static_cast<double>(f.hops) / f.check_median / 1e6,
                static_cast<double>(f.bytes) / (1 << 20) / f.check_median, f.check_median / f.wc_median,
                f.check_median / f.count_median, static_cast<double>(f.peak_kib) / 1024, "VERIFIED");
  }

  std::printf("\n%-34s %11s %11s %9s %8s\n", "cpu time (user + system)", "wc -l cpu s", "check cpu s", "Mhops/s",
              "check/wc");
  for (const instance_figures& f : all) {
    if (!f.verified) continue;
    std::printf("%-34s %11.4f %11.4f %9.1f %8.2f\n", f.name.c_str(), f.wc_cpu_median, f.check_cpu_median,
                static_cast<double>(f.hops) / f.check_cpu_median / 1e6, f.check_cpu_median / f.wc_cpu_median);
  }

  // Shares of the CPU time: reading lines, parsing them, and the checks.
  std::printf("\n%-34s %9s %9s %11s %9s %9s %9s\n", "where the check's cpu time goes", "lines s", "parse s",
              "check cpu s", "lines %", "parse %", "checks %");
  for (const instance_figures& f : all) {
    if (!f.verified) continue;
    std::printf("%-34s %9.4f %9.4f %11.4f %9.0f %9.0f %9.0f\n", f.name.c_str(), f.lines_median, f.parse_median,
                f.check_cpu_median, 100 * f.lines_median / f.check_cpu_median,
                100 * (f.parse_median - f.lines_median) / f.check_cpu_median,
                100 * (f.check_cpu_median - f.parse_median) / f.check_cpu_median);
  }

  std::printf("\nwc -l s: `wc -l FILE` as a child process, median of %d runs (best:", extra_runs);
  for (const instance_figures& f : all)
    if (f.verified) std::printf(" %.4f", f.wc_best);
  std::printf(")\nread s:  read() in 1 MiB chunks and count newlines in this process, median of %d runs\n",
              extra_runs);
  std::printf("lines s: LineSource(fd) alone; parse s: LineSource and Reader (header and every body line), no "
              "checks; median of %d run(s)\n",
              runs);
  std::printf("check s: schedcheck::check_schedule through LineSource(fd), median of %d run(s) (best:", runs);
  for (const instance_figures& f : all)
    if (f.verified) std::printf(" %.4f", f.check_best);
  std::printf(")\n");
  std::printf("peak MiB: VmHWM of a fresh process running only the check; without the check it peaks at %.1f MiB\n",
              static_cast<double>(baseline_kib) / 1024);
  std::printf("fresh: the check in such a process, median of %d: its state's pages are new, as in a user's\n"
              "       `schedcheck check`, where the timed runs above may reuse pages an earlier run freed\n",
              runs);
  std::printf("the file is in the page cache for every timed run; times are wall clock unless marked cpu\n");
  // The goals of the core's redesign: every instance at least 50 Mhops/s,
  // and the gossip (the long text) within 10 times a `wc -l` pass over it.
  std::printf("\ngoal: >= 50 Mhops/s; the gossip also check/wc <= 10\n");
  for (const instance_figures& f : all) {
    if (!f.verified) continue;
    const double rate = static_cast<double>(f.hops) / f.check_median / 1e6;
    const double ratio = f.check_median / f.wc_median;
    const double cpu_rate = static_cast<double>(f.hops) / f.check_cpu_median / 1e6;
    const double cpu_ratio = f.check_cpu_median / f.wc_cpu_median;
    const double fresh_rate = static_cast<double>(f.hops) / f.fresh_median / 1e6;
    const bool gossip = f.name.starts_with("gossip");
    std::printf("  %s: %.1f Mhops/s (%s), %.2fx wc -l%s; in cpu time %.1f Mhops/s, %.2fx wc -l; fresh %.1f Mhops/s "
                "(%s)\n",
                f.name.c_str(), rate, rate >= 50 ? "met" : "missed", ratio,
                gossip ? (ratio <= 10 ? " (met)" : " (missed)") : "", cpu_rate, cpu_ratio, fresh_rate,
                fresh_rate >= 50 ? "met" : "missed");
  }
}

void usage(FILE* to) {
  std::fprintf(to,
               "usage: bench_check [--size N] [--cube N] [--runs R] [--keep DIR]\n"
               "  --size N   side of the gossip torus N x N (default 64; 0 skips it)\n"
               "  --cube N   side of the broadcast torus N x N x N (default 64; 0 skips it)\n"
               "  --runs R   timed check runs per instance, the median is reported (default 3)\n"
               "  --keep DIR write the schedules into DIR and keep them (default: a temporary\n"
               "             directory under /tmp, removed at the end)\n"
               "exit code: 0 all schedules verified, 1 one was not, 2 usage or I/O error\n");
}

// The fresh child: one check, nothing else; with no file it measures
// the process floor (loader, libraries, allocator).
int peak_child(int argc, char** argv) {
  check_result r;
  if (argc >= 3) r = run_check(argv[2]);
  const bool verified = argc < 3 || r.verdict.verified;
  std::printf("%ld %.6f\n", own_peak_kib(), r.seconds);
  return verified ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string_view(argv[1]) == "--peak-child") {
    try {
      return peak_child(argc, argv);
    } catch (const std::exception&) {
      return 2;
    }
  }
  uint32_t size = 64, cube = 64, runs = 3;
  std::string keep;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    } else if (a == "--size" && has_value && parse_count(argv[i + 1], size)) {
      ++i;
    } else if (a == "--cube" && has_value && parse_count(argv[i + 1], cube)) {
      ++i;
    } else if (a == "--runs" && has_value && parse_count(argv[i + 1], runs) && runs > 0) {
      ++i;
    } else if (a == "--keep" && has_value) {
      keep = argv[++i];
    } else {
      std::fprintf(stderr, "bench_check: error: bad argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  if ((size != 0 && size < 3) || (cube != 0 && cube < 3)) {
    std::fprintf(stderr, "bench_check: error: torus sides must be at least 3 (or 0 to skip)\n");
    return 2;
  }
  if (uint64_t{size} * size * size * size > (uint64_t{1} << 32) || uint64_t{cube} * cube * cube >= (uint64_t{1} << 31)) {
    std::fprintf(stderr, "bench_check: error: instance too large\n");
    return 2;
  }

  std::string dir = keep;
  if (dir.empty()) {
    char templ[] = "/tmp/bench_check.XXXXXX";
    if (!::mkdtemp(templ)) {
      std::fprintf(stderr, "bench_check: error: mkdtemp: %s\n", std::strerror(errno));
      return 2;
    }
    dir = templ;
  } else {
    ::mkdir(dir.c_str(), 0755);
  }
  std::vector<std::string> written;
  // Removes the temporary files however the run ends.
  struct cleanup {
    const std::string& dir;
    const std::vector<std::string>& files;
    bool active;
    ~cleanup() {
      if (!active) return;
      for (const std::string& f : files) ::unlink(f.c_str());
      ::rmdir(dir.c_str());
    }
  } remove_files{dir, written, keep.empty()};

  int exit_code = 0;
  try {
    std::vector<instance_figures> all;
    if (size != 0) {
      instance_figures f;
      f.name = "gossip torus " + std::to_string(size) + "x" + std::to_string(size) + " s&f";
      f.path = dir + "/gossip-torus" + std::to_string(size) + "x" + std::to_string(size) + ".sched";
      written.push_back(f.path);
      std::fprintf(stderr, "generating %s ...\n", f.path.c_str());
      const auto start = BenchClock::now();
      write_gossip(f.path, size);
      f.generate_seconds = seconds_since(start);
      std::fprintf(stderr, "checking %s ...\n", f.path.c_str());
      if (!measure(f, static_cast<int>(runs))) exit_code = 1;
      all.push_back(f);
    }
    if (cube != 0) {
      instance_figures f;
      const std::string side = std::to_string(cube);
      f.name = "broadcast torus " + side + "x" + side + "x" + side + " wormhole";
      f.path = dir + "/broadcast-torus" + side + "x" + side + "x" + side + ".sched";
      written.push_back(f.path);
      std::fprintf(stderr, "generating %s ...\n", f.path.c_str());
      const auto start = BenchClock::now();
      write_broadcast(f.path, cube);
      f.generate_seconds = seconds_since(start);
      std::fprintf(stderr, "checking %s ...\n", f.path.c_str());
      if (!measure(f, static_cast<int>(runs))) exit_code = 1;
      all.push_back(f);
    }
    const long baseline_kib = fresh_child("").peak_kib;
    print_table(all, baseline_kib, static_cast<int>(runs));
    if (!keep.empty()) std::printf("schedules kept in %s\n", keep.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_check: error: %s\n", e.what());
    return 2;
  }
  return exit_code;
}
