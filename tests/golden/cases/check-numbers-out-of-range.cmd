# A grid's size past 2^32-1 is refused by the node limit, a version number
# past 2^64-1 as out of range: neither as malformed.
check tests/corpus/parse/syntax-size-out-of-range.sched tests/corpus/parse/syntax-version-out-of-range.sched
