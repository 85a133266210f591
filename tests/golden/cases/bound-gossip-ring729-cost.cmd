# Lower bounds for gossip on a ring of 729, with the cost model t_s = 10, t_l = 1: the step bound, cost-volume and gossip-ring-dissemination (the larger).
bound gossip --topology ring:729 --model wormhole,all-port,combining --ts 10 --tl 1
