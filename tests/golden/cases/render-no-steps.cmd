# A schedule with no step (one node: nothing moves) has no step to draw, and
# the message says so rather than blame a --step nobody gave.
render tests/golden/inputs/no-steps.sched -o /tmp/schedcheck-golden-no-steps.svg
