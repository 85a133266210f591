check tests/corpus/valid/gossip-ring6-switching.sched
