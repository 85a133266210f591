# JSON strings are UTF-8: a claim that is not cannot be converted unchanged, and says where it is.
convert tests/golden/inputs/not-utf8-claim.sched
