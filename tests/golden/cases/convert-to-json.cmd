convert schedules/examples/broadcast-ring8-wormhole.sched
