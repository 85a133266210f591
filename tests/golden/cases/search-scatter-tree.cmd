# Bhatt et al.'s example tree, one-port: the optimum 6 meets flit-root-stream, so
# the verdict names no solver time; stderr (progress, in seconds) is dropped.
search scatter --topology tree:-,0,0,1 --lengths 0,2,3,1 2>/dev/null
