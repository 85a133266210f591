// ReadAhead: batches of parsed body lines, filled inline or by a second thread a few batches ahead.
#include "read_ahead.hpp"

namespace schedcheck {

ReadAhead::ReadAhead(Reader& reader, Diagnostics& reader_diagnostics, LineSource* thread_source)
    : reader_(reader), reader_diag_(reader_diagnostics), source_(thread_source) {
  // The first batch inline: a schedule that fits in it starts no thread.
  batches_[0].fill(reader_, reader_diag_);
  filled_ = 1;
  if (source_ && !batches_[0].last()) thread_ = std::thread([this] { parse_from(1); });
}

ReadAhead::~ReadAhead() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  source_->cancel();  // a read waiting on a silent writer would hold up the join
  thread_.join();
}

// The second thread: fills batch `index` and on, each once the checks have
// handed back the one `ring` before it.
void ReadAhead::parse_from(uint64_t index) {
  try {
    // After a batch with a huge line (up to 256 MiB of text), the next is
    // filled only once that one is handed back, so that at most two such
    // lines are held at once.
    uint64_t after = 0;
    for (;; ++index) {
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || (index - consumed_ < ring && consumed_ >= after); });
        if (stop_) return;
      }
      BodyBatch& batch = batches_[index % ring];
      batch.fill(reader_, reader_diag_);
      if (batch.items() > BodyBatch::huge) after = index + 1;
      {
        std::lock_guard lock(mutex_);
        filled_ = index + 1;
      }
      changed_.notify_all();
      if (batch.last()) return;
    }
  } catch (...) {
    {
      std::lock_guard lock(mutex_);
      failure_ = std::current_exception();
    }
    changed_.notify_all();
  }
}

BodyBatch* ReadAhead::next() {
  if (done_) return nullptr;
  if (!thread_.joinable()) {
    if (next_ == filled_) batches_[next_ % ring].fill(reader_, reader_diag_), ++filled_;
  } else {
    std::unique_lock lock(mutex_);
    consumed_ = next_;  // every batch before this one is done with
    changed_.notify_all();
    changed_.wait(lock, [&] { return filled_ > next_ || failure_; });
    if (filled_ == next_) std::rethrow_exception(failure_);
  }
  BodyBatch& batch = batches_[next_++ % ring];
  done_ = batch.last();
  return &batch;
}

}  // namespace schedcheck
