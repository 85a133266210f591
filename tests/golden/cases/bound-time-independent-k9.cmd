bound time-independent-gossip --P 9
