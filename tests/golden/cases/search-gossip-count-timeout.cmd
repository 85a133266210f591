# A limit per count goes with the time-independent gossip search, whose climb goes on past an unknown count; the free gossip search has none.
search gossip --topology torus:4x4 --model store-and-forward,all-port --count-timeout 3
