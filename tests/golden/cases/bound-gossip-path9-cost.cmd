# Gossip on a path of 9, one-port, messages of 2 flits, t_s = 10, t_l = 0.5: gossip-ring-dissemination applies (a path is a ring with two channels unused) but cost-volume is larger.
bound gossip --topology path:9 --model wormhole,one-port,combining --length 2 --ts 10 --tl 0.5
