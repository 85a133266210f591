# Bhatt et al.: the flit model's bounds on the tree of format.md, and the gap-free streams between Proposition 1's sides.
bound scatter --topology tree:-,0,0,1 --model flit,one-port --lengths 0,2,3,1
