check schedules/examples/broadcast-ring8-wormhole.sched schedules/examples/broken-dimension-order.sched
