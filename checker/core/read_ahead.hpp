// ReadAhead: a step-synchronous schedule's body read in batches, on a second thread for a long file.
//
// Parsing a line costs about as much as checking it, so a second core
// parses the next batches while the checks run over this one. The batches
// are compact (body_batch.hpp): whole Transfer objects, with their own heap
// blocks, cost the checking core more to fetch than they took to parse.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>

#include "body_batch.hpp"
#include "diagnostic.hpp"
#include "line_source.hpp"
#include "reader.hpp"

namespace schedcheck {

class ReadAhead {
 public:
  // Reads the rest of `reader`'s body, its errors held by `reader_diagnostics`
  // (which stops it at the error limit). With `thread_source`, the reader's
  // source, the batches after the first are parsed on a second thread, whose
  // reads are cancelled when the checks stop early.
  ReadAhead(Reader& reader, Diagnostics& reader_diagnostics, LineSource* thread_source);
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The next batch, valid until the next call; null after the last.
  BodyBatch* next();

 private:
  static constexpr size_t ring = 16;
  void parse_from(uint64_t index);

  Reader& reader_;
  Diagnostics& reader_diag_;
  LineSource* source_;
  BodyBatch batches_[ring];  // batch k in batches_[k % ring]
  uint64_t next_ = 0;        // the index next() returns next
  bool done_ = false;
  std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t filled_ = 0, consumed_ = 0;  // batches parsed, and handed back by next()
  bool stop_ = false;
  std::exception_ptr failure_;
  std::thread thread_;
};

}  // namespace schedcheck
