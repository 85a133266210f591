# Figure 1's point on a path: the long message for node 4 sent after the far one for node 5 arrives in its
# shadow (farthest first, time 11); sent before it, the far one comes last and sets a later time (12).
bound scatter --topology path:6 --model flit,one-port --lengths 0,0,0,0,6,2
