# The gather mirror: nearest received first, every message leaving at 0 or later.
bound gather --topology tree:-,0,0,1,1 --model flit,one-port --lengths 0,2,3,1,4
