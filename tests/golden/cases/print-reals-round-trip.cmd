# Reals are printed in their shortest form that reads back to the same number.
print tests/corpus/property/claim-time-close-reals.sched
