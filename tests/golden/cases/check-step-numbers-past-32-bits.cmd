# Step numbers out of order are reported as written, past 2^32 too, and the
# count goes on from each number given; after the largest number, no step
# number follows in order.
check tests/golden/inputs/step-numbers-past-32-bits.sched
