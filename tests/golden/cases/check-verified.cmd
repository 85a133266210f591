check schedules/examples/broadcast-torus5x5-wormhole.sched
