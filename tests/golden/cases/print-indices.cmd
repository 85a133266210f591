print --indices schedules/examples/broken-dimension-order.sched
