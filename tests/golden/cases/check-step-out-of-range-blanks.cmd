# A step number past 2^64-1 followed by blanks is named out of range, as one
# without them is (the message had been empty: the blanks were judged as digits).
check tests/golden/inputs/step-out-of-range-blanks.sched
