# On one node nothing moves: the header alone is the optimal schedule, 0 steps.
search gather --topology graph:1: --model store-and-forward,all-port -o -
