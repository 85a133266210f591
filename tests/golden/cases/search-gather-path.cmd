# Gather into the end of a path: 6, as nearest received first; stderr (progress, in seconds) dropped.
search gather --topology path:4 --lengths 0,3,1,2 --model flit,one-port 2>/dev/null
