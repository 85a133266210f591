# The cost of a step needs both ts and tl.
bound gossip --topology ring:8 --model wormhole,all-port --ts 1
