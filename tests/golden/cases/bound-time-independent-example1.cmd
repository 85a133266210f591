bound time-independent-gossip --P 40 --i 22 --cycle "35 11 7 4 34 8 25 38 9 6 22 20 1 17 33 3 5 10 36 0 39"
