check tests/corpus/property/claim-time-independent-but-switching.sched
